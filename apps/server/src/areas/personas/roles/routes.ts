import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  rol,
  rolDetalle as rolDetalleSchema,
  rolInput,
  rolListQuery,
  rolPage,
} from '@intranet/contract/areas/personas/usuarios';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { listPage } from '../../../lists/list.ts';
import { sessionOf } from '../../../plugins/access.ts';
import { crearRol, ENTIDAD, eliminarRol, modificarRol, rolDetalle, rolesList, rolesSource } from './queries.ts';

export const rolesAuditoria: AuditEntities = { [ENTIDAD]: 'USUARIOS#ADMIN' };

const tags = ['roles'];
const ADMIN = { access: 'USUARIOS#ADMIN' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

export const rolesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/roles', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Lista paginada de roles con sus códigos',
      querystring: rolListQuery,
      response: { 200: envelope(rolPage), ...bad },
    },
    handler: async (request) => ({ error: null, datos: await listPage(rolesList, request.query, rolesSource(db)) }),
  });

  app.get('/api/roles/:id', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Un rol con sus códigos y las cuentas que lo tienen',
      params: idParam,
      response: { 200: envelope(rolDetalleSchema), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await rolDetalle(db, request.params.id) }),
  });

  app.post('/api/roles', {
    config: ADMIN,
    schema: { tags, summary: 'Crea un rol', body: rolInput, response: { 201: envelope(rol), ...bad, 409: errorBody } },
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearRol(db, request.body, autorDe(sessionOf(request))) }),
  });

  app.put('/api/roles/:id', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Modifica nombre, descripción y códigos de un rol',
      description:
        'Rige desde la próxima solicitud de cada cuenta que lo tiene. 409 si quitar USUARIOS#ADMIN dejaría al portal sin administradores.',
      params: idParam,
      body: rolInput,
      response: { 200: envelope(rol), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarRol(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/roles/:id', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Elimina un rol que ninguna cuenta tiene (409 si alguna lo tiene)',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      await eliminarRol(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
