import { errorBody } from '@intranet/contract/envelope';
import { paqueteLast, paquetesResponse } from '@intranet/contract/paquetes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { paquetesLast, paquetesList } from './queries.ts';

const tags = ['paquetes'];

/** `{instaladores}/api/paquetes`: bare answers, as the spec shows them. */
export const paquetesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/paquetes', {
    config: { access: 'PACKS#VER' },
    schema: {
      tags,
      summary: 'Paquetes de instalación, el más reciente primero',
      response: { 200: paquetesResponse, 401: errorBody, 403: errorBody },
    },
    handler: () => paquetesList(db),
  });

  app.get('/api/paquetes/last', {
    config: { access: 'PACKS#VER' },
    schema: {
      tags,
      summary: 'El paquete más reciente (nombre y fecha), o null si no hay ninguno',
      response: { 200: paqueteLast.nullable(), 401: errorBody, 403: errorBody },
    },
    handler: () => paquetesLast(db),
  });
};
