import { servidoresApi } from '@intranet/contract/areas/servidores/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../core/endpoint.ts';
import { listRoutes } from '../../lists/list-routes.ts';
import { sessionOf } from '../../plugins/access.ts';
import {
  crearServidor,
  ENTIDAD,
  eliminarServidor,
  eliminarServidores,
  modificarServidor,
  servidorDetalle,
  servidoresConDns,
  servidoresCsv,
  servidoresList,
  servidoresSource,
} from './queries.ts';

export const servidoresAuditoria: AuditEntities = { [ENTIDAD]: 'SER#VER' };

const tags = ['servidores'];
const VER = { access: 'SER#VER' } as const;
const EDITAR = { access: 'SER#EDITAR' } as const;

export const servidoresRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = servidoresApi;
  route(app, api.todos, {
    config: { ...VER, cache: ['servidores', 'dns', 'direcciones'] },
    tags,
    handler: async () => ({ error: null, datos: await servidoresConDns(db) }),
  });

  listRoutes(app, api, {
    config: VER,
    tags,
    spec: servidoresList,
    source: () => servidoresSource(db),
    csv: { nombre: 'servidores', columnas: servidoresCsv, source: () => servidoresSource(db) },
  });

  route(app, api.eliminarVarios, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      const { ids, cascada } = request.body;
      return {
        error: null,
        datos: { eliminados: await eliminarServidores(db, ids, cascada, autorDe(sessionOf(request))) },
      };
    },
  });

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await servidorDetalle(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const creado = await crearServidor(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  route(app, api.modificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarServidor(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarServidor(db, request.params.id, request.query.cascada, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
