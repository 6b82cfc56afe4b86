import { readFileSync } from 'node:fs';
import { errorBody } from '@intranet/contract/envelope';
import { estadoResponse } from '@intranet/contract/estado';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVER_ROOT } from '../paths.ts';

export const VERSION: string = (JSON.parse(readFileSync(`${SERVER_ROOT}/package.json`, 'utf8')) as { version: string }).version;

export const estadoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/estado', {
    config: { access: 'public' },
    schema: { tags: ['estado'], summary: 'Estado del servidor', response: { 200: estadoResponse, 503: errorBody } },
    handler: async () => ({ error: null, datos: { version: VERSION } }),
  });
};
