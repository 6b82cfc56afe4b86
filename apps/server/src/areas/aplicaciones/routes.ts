import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditEntities } from '../../db/audit.ts';
import type { FileDeps } from '../archivos/routes.ts';

export const aplicacionesAuditoria: AuditEntities = {};

/** The aplicaciones area's routes; they land with issue 8. */
export const aplicacionesRoutes: FastifyPluginAsyncZod<FileDeps> = async () => {};
