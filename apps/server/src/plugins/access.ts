import type { PermissionCode } from '@intranet/contract/permissions';
import type { FastifyInstance } from 'fastify';
import { hashToken, findSession, touchSession, type SessionRecord } from '../areas/auth/queries.ts';
import type { Db } from '../db/client.ts';
import { MENSAJES } from '../messages.ts';
import { isApiPath, sendError } from './errors.ts';

/**
 * What a route asks of the caller: nothing ('public'), a live session ('session'), a permission code, or
 * any one of several codes.
 */
export type Access = 'public' | 'session' | PermissionCode | readonly PermissionCode[];

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: the guard refuses to register one without it (deny by default). */
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller's session, set by the guard on every non-public /api route. */
    sesion: SessionRecord | null;
  }
  interface FastifyInstance {
    /** Every registered /api route with its access, for the permission test and the docs. */
    apiRoutes: ApiRoute[];
  }
}

export class MissingAccessError extends Error {}

/** The access policy, as one pure function. */
export function canAccess(access: Access, granted: ReadonlySet<PermissionCode>): boolean {
  if (access === 'public' || access === 'session') return true;
  if (typeof access === 'string') return granted.has(access);
  return access.some((code) => granted.has(code));
}

const bearer = (header: string | undefined): string | undefined => /^Bearer\s+(\S{1,200})\s*$/i.exec(header ?? '')?.[1];

/** Deny by default: every /api route declares its access; the guard checks it before anything is parsed. */
export function accessGuard(app: FastifyInstance, opts: { db: Db; idleMinutes: number }): void {
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.decorateRequest('sesion', null);

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url ?? '')) return;
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (access === undefined) {
      throw new MissingAccessError(
        `La ruta ${methods.join(',')} ${route.url} no declara config.access ('public', 'session' o un código de permiso)`,
      );
    }
    for (const method of methods) if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public' || !isApiPath(request.routeOptions.url ?? '')) return;
    const token = bearer(request.headers.authorization);
    const sesion = token ? await findSession(opts.db, hashToken(token), opts.idleMinutes) : undefined;
    if (!sesion) return sendError(reply, 401, MENSAJES.sesionInvalida);
    if (!canAccess(access, sesion.permisos)) return sendError(reply, 403, MENSAJES.sinPermiso);
    if (sesion.stale) await touchSession(opts.db, sesion.sesionId);
    request.sesion = sesion;
  });
}

/** The session of a request that passed the guard; a route that is not public can rely on it. */
export function sessionOf(request: { sesion: SessionRecord | null }): SessionRecord {
  if (!request.sesion) throw new Error('ruta sin sesión: falta config.access');
  return request.sesion;
}
