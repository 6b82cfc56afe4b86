import { loginRequest, loginResponse, permisosRequest, permisosResponse } from '@intranet/contract/auth';
import { errorBody, okBody } from '@intranet/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MENSAJES } from '../../messages.ts';
import { sessionOf } from '../../plugins/access.ts';
import { signIn } from './ingreso.ts';
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

  app.post('/api/auth/logout', {
    config: { access: 'session' },
    schema: { tags, summary: 'Cerrar la sesión (revoca el token)', response: { 200: okBody, 401: errorBody } },
    handler: async (request) => {
      await revokeSession(db, sessionOf(request).sesionId);
      return { error: null, datos: null };
    },
  });
};
