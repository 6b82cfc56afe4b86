import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { AuditEntities } from '../../db/audit.ts';
import type { FileDeps } from '../archivos/routes.ts';

export const appsstoreAuditoria: AuditEntities = {};

/** What the store's routes need: the file store (APKs, icons) and the configuration (the `{store}` base URL). */
export type AppsstoreDeps = FileDeps & { config: Config };

/** The appsstore area's routes; they land with issue 8. */
export const appsstoreRoutes: FastifyPluginAsyncZod<AppsstoreDeps> = async () => {};
