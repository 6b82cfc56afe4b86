import { clientesApi } from '@intranet/contract/areas/clientes/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../core/endpoint.ts';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { compresionCsv, sendListCsv } from '../../lists/csv.ts';
import { listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import {
  crearCliente,
  clienteDetalle,
  clienteOpciones,
  clientesCsv,
  clientesTodos,
  clientesList,
  clientesSource,
  ENTIDAD,
  eliminarCliente,
  modificarCliente,
  CLIENTES_LIST_TABLAS,
} from './queries.ts';
import { EDITAR, tags, VER } from './routes-common.ts';

export const clientesAuditoria: AuditEntities = { [ENTIDAD]: 'CLIENTES#VER' };

/** The client companies: list, export, options, detail and changes. */
export const clientesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = clientesApi;

  route(app, api.lista, {
    config: { ...VER, cache: CLIENTES_LIST_TABLAS },
    tags,
    handler: async (request) => ({
      error: null,
      datos: await listPage(clientesList, request.query, clientesSource(db)),
    }),
  });

  route(app, api.csv, {
    config: VER,
    tags,
    options: { compress: compresionCsv },
    handler: async (request, reply) => {
      await sendListCsv(reply, db, {
        nombre: 'clientes',
        columnas: clientesCsv,
        spec: clientesList,
        query: request.query,
        source: clientesSource,
        todas: clientesTodos,
      });
      return reply;
    },
  });

  route(app, api.opciones, {
    // The screens that pick a client: Clientes and its Vencimientos and Actualizaciones, Sitios Webs,
    // Reportes, Desarrollos.
    config: {
      access: [
        'CLIENTES#VER',
        'CLIENTES#EDITAR',
        'SUBPROD#VER',
        'SUBPROD#EDITAR',
        'PROD#VER',
        'SER#VER',
        'DESARROLLOS#EDITAR',
      ],
    },
    tags,
    handler: async (request) => ({ error: null, datos: await clienteOpciones(db, request.query) }),
  });

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await clienteDetalle(db, request.params.id) }),
  });

  route(app, api.crear, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const creado = await crearCliente(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  route(app, api.modificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarCliente(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarCliente(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
