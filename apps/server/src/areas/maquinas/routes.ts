import { maquinasApi } from '@intranet/contract/areas/maquinas/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../core/endpoint.ts';
import { listRoutes } from '../../lists/list-routes.ts';
import { sessionOf } from '../../plugins/access.ts';
import {
  asignarMaquina,
  crearMaquina,
  devolverMaquina,
  ENTIDAD,
  eliminarMaquina,
  maquinaDetalle,
  maquinasCsv,
  maquinasList,
  maquinasSource,
  modificarMaquina,
  ubicacionesEnUso,
} from './queries.ts';

export const maquinasAuditoria: AuditEntities = { [ENTIDAD]: 'PHY-MAQ#TODO' };

const tags = ['maquinas'];
const FULL_ACCESS = { access: 'PHY-MAQ#TODO' } as const;

export const maquinasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = maquinasApi;
  listRoutes(app, api, {
    config: FULL_ACCESS,
    tags,
    spec: maquinasList,
    source: () => maquinasSource(db),
    csv: { nombre: 'maquinas', columnas: maquinasCsv, source: () => maquinasSource(db) },
  });

  route(app, api.ubicaciones, {
    config: FULL_ACCESS,
    tags,
    handler: async () => ({ error: null, datos: await ubicacionesEnUso(db) }),
  });

  route(app, api.detalle, {
    config: FULL_ACCESS,
    tags,
    handler: async (request) => ({ error: null, datos: await maquinaDetalle(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: FULL_ACCESS,
    tags,
    handler: async (request, reply) =>
      reply.code(201).send({ error: null, datos: await crearMaquina(db, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, api.modificar, {
    config: FULL_ACCESS,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarMaquina(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: FULL_ACCESS,
    tags,
    handler: async (request) => {
      await eliminarMaquina(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  route(app, api.asignar, {
    config: FULL_ACCESS,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await asignarMaquina(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.devolver, {
    config: FULL_ACCESS,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await devolverMaquina(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });
};
