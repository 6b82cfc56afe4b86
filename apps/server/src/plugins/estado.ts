import { readFileSync } from 'node:fs';
import { errorBody } from '@intranet/contract/shared/envelope';
import { estadoResponse } from '@intranet/contract/shared/estado';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import { REPO_ROOT } from '../paths.ts';

/** The portal's version: the repository's package.json (the workspaces' own stay 0.0.0). */
export const VERSION: string = (JSON.parse(readFileSync(`${REPO_ROOT}/package.json`, 'utf8')) as { version: string })
  .version;

export const estadoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/estado', {
    config: { access: 'public' },
    schema: { tags: ['estado'], summary: 'Estado del servidor', response: { 200: estadoResponse, 503: errorBody } },
    handler: async () => ({ error: null, datos: { version: VERSION } }),
  });

  // For a script or a monitor holding a token: the token still works and the database answers. It is also the
  // floor every list pays (the session check and one query through the pool), which the benches compare with.
  app.get('/api/estado/sesion', {
    config: { access: 'session', apiToken: true },
    schema: {
      tags: ['estado'],
      summary: 'Comprueba la sesión o el token y que la base de datos responde',
      response: { 200: estadoResponse, 401: errorBody, 503: errorBody },
    },
    handler: async () => {
      await db.execute(sql`select 1`);
      return { error: null, datos: { version: VERSION } };
    },
  });
};
