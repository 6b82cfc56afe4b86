import { auditPage as auditPageSchema, auditQuery } from '@intranet/contract/areas/auditoria';
import { envelope, errorBody } from '@intranet/contract/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { AuditEntities } from '../../db/audit.ts';
import { MENSAJES } from '../../messages.ts';
import { canAccess, sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import { auditPage } from './queries.ts';

/**
 * `GET {api}/api/auditoria?entidad=&id=`: the history tab of any record. The code it needs depends on the
 * entity, so the route asks only for a session and checks the entity's read code from the registry.
 */
export const auditoriaRoutes: FastifyPluginAsyncZod<{ db: Db; auditoria: AuditEntities }> = async (
  app,
  { db, auditoria: entidades },
) => {
  const nombres = Object.keys(entidades);
  app.get('/api/auditoria', {
    config: { access: 'session' },
    schema: {
      tags: ['auditoria'],
      summary: 'Historial de cambios de un registro, el más reciente primero',
      description: `Requiere el permiso de lectura de la entidad: ${nombres.map((n) => `${n} → ${entidades[n]}`).join(', ')}.`,
      querystring: auditQuery,
      response: { 200: envelope(auditPageSchema), 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => {
      const { entidad } = request.query;
      const code = Object.hasOwn(entidades, entidad) ? entidades[entidad] : undefined;
      if (!code) {
        const mensaje = `Entidad desconocida; use una de: ${nombres.join(', ')}`;
        throw new ApiError(400, MENSAJES.datosInvalidos, { entidad: [mensaje] });
      }
      if (!canAccess(code, sessionOf(request).permisos)) throw new ApiError(403, MENSAJES.sinPermiso);
      return { error: null, datos: await auditPage(db, request.query) };
    },
  });
};
