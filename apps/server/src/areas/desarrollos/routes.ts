import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';

export const desarrollosAuditoria: AuditEntities = {};

/** The desarrollos area's routes; they land with issue 8. */
export const desarrollosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async () => {};
