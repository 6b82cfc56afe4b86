import { apiToken, loginRequest, loginResponse, permisosRequest, permisosResponse, tokenCreado, tokenInput } from '@intranet/contract/auth';
import { idParam } from '@intranet/contract/list';
import { z } from 'zod';
import { envelope, errorBody, okBody } from '@intranet/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MENSAJES } from '../../messages.ts';
import { sessionOf } from '../../plugins/access.ts';
import { signIn } from './ingreso.ts';
import { crearToken, listarTokens, revocarToken } from './tokens.ts';
import { demasiadosIntentos } from '../../core/intentos.ts';
import { revokeSession } from '../../core/sessions.ts';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.post('/api/auth', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Ingresar con usuario (o email) y contraseña',
      description: 'Un rechazo también es HTTP 200, con `error` y `datos: null`.',
      body: loginRequest,
      response: { 200: loginResponse, 400: errorBody, 429: errorBody },
    },
    handler: async (request) => {
      const result = await signIn(db, {
        login: request.body.username,
        password: request.body.password,
        ip: request.ip,
        ttlHours: config.sessionTtlHours,
      });
      if (result.kind === 'bloqueado') throw demasiadosIntentos(result.segundos);
      if (result.kind === 'rechazado') return { error: MENSAJES.credencialesIncorrectas, datos: null };
      return { error: null, datos: result.sesion };
    },
  });

  app.post('/api/auth/permisos', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Qué códigos de permiso tiene el usuario de la sesión',
      body: permisosRequest,
      response: { 200: permisosResponse, 400: errorBody, 401: errorBody },
    },
    handler: async (request) => {
      const { permisos } = sessionOf(request);
      const granted = permisos as ReadonlySet<string>;
      // fromEntries defines own keys, so even a code spelled '__proto__' maps to a plain boolean.
      return { error: null, datos: Object.fromEntries(request.body.map((code) => [code, granted.has(code)])) };
    },
  });

  app.get('/api/auth/tokens', {
    config: { access: 'session' },
    schema: { tags, summary: 'Mis tokens de API: los vigentes primero, con su último uso', response: { 200: envelope(z.array(apiToken)), 401: errorBody, 403: errorBody } },
    handler: async (request) => ({ error: null, datos: await listarTokens(db, sessionOf(request).usuario.id) }),
  });

  app.post('/api/auth/tokens', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Crea un token de API con algunos de mis permisos; el token se muestra solo en esta respuesta',
      body: tokenInput,
      response: { 201: envelope(tokenCreado), 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: async (request, reply) => reply.code(201).send({ error: null, datos: await crearToken(db, sessionOf(request), request.body) }),
  });

  app.post('/api/auth/tokens/:id/revocar', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'Revoca un token de API propio (o de cualquiera, con USUARIOS#ADMIN); deja de funcionar en todos los procesos',
      params: idParam,
      response: { 200: envelope(apiToken), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (request) => {
      const sesion = sessionOf(request);
      return { error: null, datos: await revocarToken(db, request.params.id, sesion, sesion.permisos.has('USUARIOS#ADMIN')) };
    },
  });

  app.get('/api/auth/tokens/todos', {
    config: { access: 'USUARIOS#ADMIN' },
    schema: { tags, summary: 'Los tokens de API de todas las cuentas, con su dueño', response: { 200: envelope(z.array(apiToken)), 401: errorBody, 403: errorBody } },
    handler: async () => ({ error: null, datos: await listarTokens(db, null) }),
  });

  app.post('/api/auth/logout', {
    config: { access: 'session' },
    schema: { tags, summary: 'Cerrar la sesión (revoca el token)', response: { 200: okBody, 401: errorBody } },
    handler: async (request) => {
      const { sesionId } = sessionOf(request);
      // Only a person's session reaches here (a token is refused on the account's own routes).
      if (sesionId !== null) await revokeSession(db, sesionId);
      return { error: null, datos: null };
    },
  });
};
