import { loginResponse } from '@intranet/contract/areas/auth';
import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { RENEWAL_CLOSE_PATH, RENEWAL_PATH } from '@intranet/contract/shared/http';
import { idParam } from '@intranet/contract/shared/list';
import { sesionActiva, sesionesCerradas } from '@intranet/contract/shared/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renew, revokeByRenewal } from '../../core/session-renewal.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { MENSAJES } from '../../messages.ts';
import { sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import { activeSessions, closeOtherSessions, closeSession, currentFamily, sessionUser } from './active-sessions.ts';
import { clearRenewalCookie, hasAntiForgery, renewalCookieOf, setRenewalCookie } from './renewal-cookie.ts';

const tags = ['auth'];
const SIN_RENOVACION = 'La sesión terminó: vuelva a ingresar.';
const usuarioSesionParams = z.object({ id: idParam.shape.id, sesion: idParam.shape.id }).strict();

/**
 * A browser's session across reloads, tabs and deploys (the renewal cookie), and the account's active sessions:
 * its own, and any account's for an administrator.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const idleMinutes = config.sessionIdleMinutes;

  app.post(RENEWAL_PATH, {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Renueva la sesión de este navegador con su cookie de renovación (al recargar, en otra pestaña, tras una actualización)',
      description:
        'La cookie (HttpOnly, SameSite=Strict, solo para esta ruta) se rota en cada renovación; un valor ya usado, presentado otra vez, cierra la sesión del navegador entera. Requiere el encabezado anti-falsificación. 401 si no hay sesión que renovar.',
      response: { 200: loginResponse, 401: errorBody, 403: errorBody },
    },
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

  app.post(RENEWAL_CLOSE_PATH, {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Cierra la sesión de este navegador por su cookie de renovación (al abrir /login)',
      response: { 200: okBody, 403: errorBody },
    },
    handler: async (request, reply) => {
      if (!hasAntiForgery(request)) throw new ApiError(403, MENSAJES.xsrfInvalido);
      const valor = renewalCookieOf(request);
      if (valor) await revokeByRenewal(db, valor, 'login');
      clearRenewalCookie(request, reply);
      return { error: null, datos: null };
    },
  });

  app.get('/api/auth/sesiones', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Mis sesiones activas: navegador, sistema, dirección, inicio y último uso',
      response: { 200: envelope(z.array(sesionActiva)), 401: errorBody, 403: errorBody },
    },
    handler: async (request) => {
      const sesion = sessionOf(request);
      return {
        error: null,
        datos: await activeSessions(db, sesion.usuario.id, idleMinutes, await currentFamily(db, sesion.sesionId)),
      };
    },
  });

  app.post('/api/auth/sesiones/:id/cerrar', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Cierra una de mis sesiones (queda registrado)',
      params: idParam,
      response: { 200: okBody, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const sesion = sessionOf(request);
      await closeSession(db, autorDe(sesion), sesion.usuario.id, request.params.id);
      return { error: null, datos: null };
    },
  });

  app.post('/api/auth/sesiones/cerrar-otras', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Cierra todas mis sesiones menos esta (queda registrado)',
      response: { 200: envelope(sesionesCerradas), 401: errorBody, 403: errorBody },
    },
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

  app.get('/api/usuarios/:id/sesiones', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'Las sesiones activas de una cuenta',
      params: idParam,
      response: { 200: envelope(z.array(sesionActiva)), 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: async (request) => {
      const sesion = sessionOf(request);
      return {
        error: null,
        datos: await activeSessions(db, request.params.id, idleMinutes, await currentFamily(db, sesion.sesionId)),
      };
    },
  });

  app.post('/api/usuarios/:id/sesiones/:sesion/cerrar', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'Cierra una sesión de una cuenta (queda registrado)',
      params: usuarioSesionParams,
      response: { 200: okBody, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      await closeSession(db, autorDe(sessionOf(request)), request.params.id, request.params.sesion);
      return { error: null, datos: null };
    },
  });

  app.post('/api/usuarios/:id/sesiones/cerrar', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: {
      tags,
      summary: 'Cierra todas las sesiones de una cuenta (la propia, menos esta) (queda registrado)',
      params: idParam,
      response: { 200: envelope(sesionesCerradas), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
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
