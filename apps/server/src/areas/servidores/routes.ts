import { envelope, errorBody } from '@intranet/contract/envelope';
import { servidor } from '@intranet/contract/servidores';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { servidoresConDns } from './queries.ts';

export const servidoresRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/servidores', {
    config: { access: 'SER#VER' },
    schema: {
      tags: ['servidores'],
      summary: 'Servidores propios con sus entradas DNS',
      description: 'La forma de la especificación (`id`, `nombre`, `dnss: [{id, host}]`) más los campos del servidor.',
      response: { 200: envelope(z.array(servidor)), 401: errorBody, 403: errorBody },
    },
    handler: async () => ({ error: null, datos: await servidoresConDns(db) }),
  });
};
