import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  cambioPassword,
  cuenta as cuentaSchema,
  cuentaConPassword,
  cuentaCreate,
  cuentaUpdate,
} from '@intranet/contract/areas/personas/usuarios';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { sessionOf } from '../../../plugins/access.ts';
import {
  cambiarPasswordPropia,
  crearCuenta,
  cuenta,
  cuentaDePersona,
  ENTIDAD,
  modificarCuenta,
  restablecerPassword,
} from './queries.ts';

export const usuariosAuditoria: AuditEntities = { [ENTIDAD]: 'USUARIOS#ADMIN' };

const tags = ['usuarios'];
const ADMIN = { access: 'USUARIOS#ADMIN' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

export const usuariosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/personas/:id/cuenta', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'La cuenta de usuario de una persona (null si no tiene)',
      params: idParam,
      response: { 200: envelope(cuentaSchema.nullable()), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await cuentaDePersona(db, request.params.id) }),
  });

  app.post('/api/usuarios', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Crea la cuenta de una persona',
      description: 'Sin `password` se genera una y se responde una sola vez en `password_generada`.',
      body: cuentaCreate,
      response: { 201: envelope(cuentaConPassword), ...bad, 409: errorBody },
    },
    handler: async (request, reply) => {
      const creada = await crearCuenta(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creada });
    },
  });

  app.get('/api/usuarios/:id', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Una cuenta de usuario',
      params: idParam,
      response: { 200: envelope(cuentaSchema), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await cuenta(db, request.params.id) }),
  });

  app.put('/api/usuarios/:id', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Modifica usuario, roles y si está activa',
      description:
        'Desactivarla cierra todas sus sesiones a la vez. 409 si dejaría al portal sin ninguna cuenta activa con USUARIOS#ADMIN.',
      params: idParam,
      body: cuentaUpdate,
      response: { 200: envelope(cuentaSchema), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarCuenta(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/usuarios/:id/password', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Restablece la contraseña (generada, se responde una sola vez) y cierra sus sesiones',
      params: idParam,
      response: { 200: envelope(cuentaConPassword), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await restablecerPassword(db, request.params.id, autorDe(sessionOf(request))),
    }),
  });

  app.put('/api/usuarios/yo/password', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: 'El usuario de la sesión cambia su propia contraseña',
      description:
        'Comprueba la contraseña actual (400 en `campos.actual` si no coincide; los intentos fallidos se limitan como al ingresar, 429 con Retry-After); cierra sus otras sesiones.',
      body: cambioPassword,
      response: { 200: okBody, ...bad, 429: errorBody },
    },
    handler: async (request) => {
      const { actual, nueva } = request.body;
      await cambiarPasswordPropia(db, sessionOf(request), request.ip, actual, nueva);
      return { error: null, datos: null };
    },
  });
};
