import { errorBody } from '@intranet/contract/envelope';
import { servidoresResponse } from '@intranet/contract/servidores';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { servidoresConDns } from './queries.ts';

export const servidoresRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/servidores', {
    config: { access: 'SER#VER' },
    schema: {
      tags: ['servidores'],
      summary: 'Servidores propios con sus entradas DNS',
      response: { 200: servidoresResponse, 401: errorBody, 403: errorBody },
    },
    handler: async () => ({ error: null, datos: await servidoresConDns(db) }),
  });
};
