import { sesionesApi } from '@intranet/contract/areas/auth/sesiones-endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renew, revokeByRenewal } from '../../core/session-renewal.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { MENSAJES } from '../../messages.ts';
import { sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import { route } from '../../core/endpoint.ts';
import { activeSessions, closeOtherSessions, closeSession, currentFamily, sessionUser } from './active-sessions.ts';
import { clearRenewalCookie, hasAntiForgery, renewalCookieOf, setRenewalCookie } from './renewal-cookie.ts';

const tags = ['auth'];
const SIN_RENOVACION = 'La sesión terminó: vuelva a ingresar.';

/**
 * A browser's session across reloads, tabs and deploys (the renewal cookie), and the account's active sessions:
 * its own, and any account's for an administrator.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const idleMinutes = config.sessionIdleMinutes;

  route(app, sesionesApi.renovar, {
    config: { access: 'public' },
    tags,
    handler: async (request, reply) => {
      if (!hasAntiForgery(request)) throw new ApiError(403, MENSAJES.xsrfInvalido);
      const valor = renewalCookieOf(request);
      const r = valor
        ? await renew(db, valor, { ip: request.ip, userAgent: request.headers['user-agent'], idleMinutes })
        : { kind: 'rechazada' as const };
      if (r.kind !== 'ok') {
        if (r.kind === 'reuso')
          request.log.warn(
            { usuario: r.usuarioId, sesion: r.familiaId },
            'se presentó otra vez una cookie de renovación ya usada: la sesión se cerró',
          );
        clearRenewalCookie(request, reply);
        throw new ApiError(401, SIN_RENOVACION);
      }
      setRenewalCookie(request, reply, r.renovacion);
      const usuario = await sessionUser(db, r.usuarioId);
      if (!usuario) throw new ApiError(401, SIN_RENOVACION);
      return { error: null, datos: { token: r.token, usuario } };
    },
  });

  route(app, sesionesApi.cerrarRenovacion, {
    config: { access: 'public' },
    tags,
    handler: async (request, reply) => {
      if (!hasAntiForgery(request)) throw new ApiError(403, MENSAJES.xsrfInvalido);
      const valor = renewalCookieOf(request);
      if (valor) await revokeByRenewal(db, valor, 'login');
      clearRenewalCookie(request, reply);
      return { error: null, datos: null };
    },
  });

  route(app, sesionesApi.mias, {
    config: { access: 'session' },
    tags,
    handler: async (request) => {
      const sesion = sessionOf(request);
      return {
        error: null,
        datos: await activeSessions(db, sesion.usuario.id, idleMinutes, await currentFamily(db, sesion.sesionId)),
      };
    },
  });

  route(app, sesionesApi.cerrar, {
    config: { access: 'session' },
    tags,
    handler: async (request) => {
      const sesion = sessionOf(request);
      await closeSession(db, autorDe(sesion), sesion.usuario.id, request.params.id);
      return { error: null, datos: null };
    },
  });

  route(app, sesionesApi.cerrarOtras, {
    config: { access: 'session' },
    tags,
    handler: async (request) => {
      const sesion = sessionOf(request);
      const cerradas = await closeOtherSessions(
        db,
        autorDe(sesion),
        sesion.usuario.id,
        await currentFamily(db, sesion.sesionId),
      );
      return { error: null, datos: { cerradas } };
    },
  });

  route(app, sesionesApi.deCuenta, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async (request) => {
      const sesion = sessionOf(request);
      return {
        error: null,
        datos: await activeSessions(db, request.params.id, idleMinutes, await currentFamily(db, sesion.sesionId)),
      };
    },
  });

  route(app, sesionesApi.cerrarDeCuenta, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async (request) => {
      await closeSession(db, autorDe(sessionOf(request)), request.params.id, request.params.sesion);
      return { error: null, datos: null };
    },
  });

  route(app, sesionesApi.cerrarTodasDeCuenta, {
    config: { access: 'USUARIOS#ADMIN' },
    tags,
    handler: async (request) => {
      const sesion = sessionOf(request);
      const salvo = request.params.id === sesion.usuario.id ? await currentFamily(db, sesion.sesionId) : null;
      return {
        error: null,
        datos: { cerradas: await closeOtherSessions(db, autorDe(sesion), request.params.id, salvo) },
      };
    },
  });
};
