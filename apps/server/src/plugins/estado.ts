import { readFileSync } from 'node:fs';
import { estadoApi } from '@intranet/contract/shared/estado';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../core/endpoint.ts';
import type { Db } from '../db/client.ts';
import { REPO_ROOT } from '../paths.ts';

/** The portal's version: the repository's package.json (the workspaces' own stay 0.0.0). */
export const VERSION: string = (JSON.parse(readFileSync(`${REPO_ROOT}/package.json`, 'utf8')) as { version: string })
  .version;

export const estadoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, estadoApi.version, {
    config: { access: 'public' },
    tags: ['estado'],
    handler: async () => ({ error: null, datos: { version: VERSION } }),
  });
  route(app, estadoApi.sesion, {
    config: { access: 'session', apiToken: true },
    tags: ['estado'],
    handler: async () => {
      await db.execute(sql`select 1`);
      return { error: null, datos: { version: VERSION } };
    },
  });
};
