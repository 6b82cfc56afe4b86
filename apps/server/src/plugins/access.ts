import type { PermissionCode } from '@intranet/contract/registry';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { TOKEN_PREFIJO } from '@intranet/contract/areas/auth';
import { demasiadosIntentos, recordWrongPassword, throttleWait, type Intento } from '../core/intentos.ts';
import { findApiToken, findSession, hashToken, touchSession, type SessionRecord } from '../core/sessions.ts';
import { ALL_TABLES, type Cambios } from '../db/cambios.ts';
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
  /** A 'session' route that lets an API token through (config.apiToken). */
  apiToken: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: the guard refuses to register one without it (deny by default). */
    access?: Access;
    /** A 'session' route an API token may call too (a script checking its token); the others refuse tokens. */
    apiToken?: boolean;
    /**
     * A 'session' route of the second factor's enrolment (and signing out): the only ones a session reaches while
     * a role requires the second factor and it is not on yet.
     */
    enrolment?: boolean;
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
export function accessGuard(
  app: FastifyInstance,
  opts: { db: Db; idleMinutes: number; cambios?: Cambios | undefined },
): void {
  const sesionDe = sessionLookup(opts);
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
    const apiToken = route.config?.apiToken === true;
    for (const method of methods)
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access, apiToken });
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public' || !isApiPath(request.routeOptions.url ?? '')) return;
    const token = bearer(request.headers.authorization);
    if (token?.startsWith(TOKEN_PREFIJO)) {
      // A script's token reaches what a code guards, never the account's own routes (its password, its tokens)
      // save one declared for tokens too.
      if (access === 'session' && !request.routeOptions.config.apiToken)
        return sendError(reply, 403, MENSAJES.tokenSinAcceso);
      const intento: Intento = { usuario: INTENTO_TOKEN, usuarioId: null, ip: request.ip, clase: 'token' };
      const hash = hashToken(token);
      // Guessing tokens is throttled as guessing passwords is; a token already known answers without asking.
      if (!sesionDe.conocido(hash)) {
        const espera = await throttleWait(opts.db, intento);
        if (espera > 0) return sendThrottled(reply, espera);
      }
      const conToken = await sesionDe(hash, true);
      if (!conToken) {
        const espera = await recordWrongPassword(opts.db, intento);
        return espera > 0 ? sendThrottled(reply, espera) : sendError(reply, 401, MENSAJES.tokenInvalido);
      }
      if (!canAccess(access, conToken.permisos)) return sendError(reply, 403, MENSAJES.sinPermiso);
      request.sesion = conToken;
      return;
    }
    const sesion = token ? await sesionDe(hashToken(token), false) : undefined;
    if (!sesion) return sendError(reply, 401, MENSAJES.sesionInvalida);
    if (sesion.segundoFactorPendiente && !request.routeOptions.config.enrolment)
      return sendError(reply, 403, MENSAJES.segundoFactorPendiente);
    if (!canAccess(access, sesion.permisos)) return sendError(reply, 403, MENSAJES.sinPermiso);
    request.sesion = sesion;
  });
}

/** Tables whose change may end a session or change its codes: a cached session is dropped when one changes. */
const TABLAS_DE_SESION = new Set([
  ALL_TABLES,
  'sesiones',
  'api_tokens',
  'usuarios',
  'usuario_roles',
  'rol_permisos',
  'roles',
]);
const MINUTO = 60_000;
/**
 * The name failed token guesses are counted under (clase 'token'), so they are throttled per
 * address (core/intentos.ts).
 */
const INTENTO_TOKEN = '(token de api)';

/** A 429 with the minutes in Spanish and Retry-After. */
function sendThrottled(reply: FastifyReply, segundos: number) {
  const error = demasiadosIntentos(segundos);
  return sendError(reply.header('retry-after', String(segundos)), 429, error.message);
}

/** The live session (or API token) behind a hash; `conocido` says whether it is in memory right now. */
interface Busqueda {
  (hash: string, esToken: boolean): Promise<SessionRecord | undefined>;
  conocido(hash: string): boolean;
}

/**
 * The live session or API token behind a token hash, its last use written down at most once a minute. With a
 * change feed, both are kept in memory for up to 30 s and dropped as soon as a revocation, a deactivation or a
 * role change is announced (by any process); the database stays the one place they live.
 */
function sessionLookup(opts: { db: Db; idleMinutes: number; cambios?: Cambios | undefined }): Busqueda {
  const { db, idleMinutes, cambios } = opts;
  const leer = async (hash: string, esToken: boolean): Promise<SessionRecord | undefined> => {
    const sesion = esToken ? await findApiToken(db, hash) : await findSession(db, hash, idleMinutes);
    if (sesion?.stale) {
      await touchSession(db, sesion);
      sesion.ultimoUso = Date.now();
    }
    return sesion;
  };
  if (!cambios) return Object.assign(leer, { conocido: () => false });

  const guardadas = new LRUCache<string, SessionRecord>({ max: 10_000, ttl: 30_000 });
  cambios.suscribir((tabla) => {
    if (TABLAS_DE_SESION.has(tabla)) guardadas.clear();
  });
  // A token has no idle limit; a session ends after idleMinutes unused.
  const viva = (s: SessionRecord, ahora: number) =>
    ahora < s.vence && (s.token !== null || ahora - s.ultimoUso < idleMinutes * MINUTO);
  const buscar = async (hash: string, esToken: boolean): Promise<SessionRecord | undefined> => {
    const ahora = Date.now();
    const guardada = cambios.vivo ? guardadas.get(hash) : undefined;
    if (guardada && viva(guardada, ahora)) {
      if (ahora - guardada.ultimoUso > MINUTO) {
        await touchSession(db, guardada);
        guardada.ultimoUso = ahora;
      }
      return guardada;
    }
    const desde = cambios.generacion;
    const sesion = await leer(hash, esToken);
    if (!sesion) guardadas.delete(hash);
    else if (cambios.vivo && !cambios.cambioDesde(TABLAS_DE_SESION, desde)) guardadas.set(hash, sesion);
    return sesion;
  };
  return Object.assign(buscar, { conocido: (hash: string) => cambios.vivo && guardadas.has(hash) });
}

/** The session of a request that passed the guard; a route that is not public can rely on it. */
export function sessionOf(request: { sesion: SessionRecord | null }): SessionRecord {
  if (!request.sesion) throw new Error('ruta sin sesión: falta config.access');
  return request.sesion;
}
