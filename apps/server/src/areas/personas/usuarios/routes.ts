import { usuariosApi } from '@intranet/contract/areas/personas/usuarios-endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../core/endpoint.ts';
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

export const usuariosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = usuariosApi;
  route(app, api.cuentaDePersona, {
    config: ADMIN,
    tags,
    handler: async (request) => ({ error: null, datos: await cuentaDePersona(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: ADMIN,
    tags,
    handler: async (request, reply) => {
      const creada = await crearCuenta(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creada });
    },
  });

  route(app, api.detalle, {
    config: ADMIN,
    tags,
    handler: async (request) => ({ error: null, datos: await cuenta(db, request.params.id) }),
  });

  route(app, api.modificar, {
    config: ADMIN,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarCuenta(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.restablecerPassword, {
    config: ADMIN,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await restablecerPassword(db, request.params.id, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.cambiarPasswordPropia, {
    config: { access: 'session' },
    tags,
    handler: async (request) => {
      const { actual, nueva } = request.body;
      await cambiarPasswordPropia(db, sessionOf(request), request.ip, actual, nueva);
      return { error: null, datos: null };
    },
  });
};
