import { rolesApi } from '@intranet/contract/areas/personas/roles-endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../../db/audit.ts';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../core/endpoint.ts';
import { listPage } from '../../../lists/list.ts';
import { sessionOf } from '../../../plugins/access.ts';
import { crearRol, ENTIDAD, eliminarRol, modificarRol, rolDetalle, rolesList, rolesSource } from './queries.ts';

export const rolesAuditoria: AuditEntities = { [ENTIDAD]: 'USUARIOS#ADMIN' };

const tags = ['roles'];
const ADMIN = { access: 'USUARIOS#ADMIN' } as const;

export const rolesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = rolesApi;
  route(app, api.lista, {
    config: ADMIN,
    tags,
    handler: async (request) => ({ error: null, datos: await listPage(rolesList, request.query, rolesSource(db)) }),
  });

  route(app, api.detalle, {
    config: ADMIN,
    tags,
    handler: async (request) => ({ error: null, datos: await rolDetalle(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: ADMIN,
    tags,
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearRol(db, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, api.modificar, {
    config: ADMIN,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarRol(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: ADMIN,
    tags,
    handler: async (request) => {
      await eliminarRol(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
