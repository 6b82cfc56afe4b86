import { auditoriaApi } from '@intranet/contract/areas/auditoria/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { AuditEntities } from '../../db/audit.ts';
import { MENSAJES } from '../../messages.ts';
import { canAccess, sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import { route } from '../../core/endpoint.ts';
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
  // The declaration's description, from the registry's entities: only the server knows which code each needs.
  const historial = {
    ...auditoriaApi.historial,
    description: `Requiere el permiso de lectura de la entidad: ${nombres.map((n) => `${n} → ${entidades[n]}`).join(', ')}.`,
  };
  route(app, historial, {
    config: { access: 'session' },
    tags: ['auditoria'],
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
