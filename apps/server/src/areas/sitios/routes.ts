import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';

export const sitiosAuditoria: AuditEntities = {};

/** The sitios area's routes; they land with issue 8. */
export const sitiosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async () => {};
