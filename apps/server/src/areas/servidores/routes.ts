import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  bulkDeleteResult,
  servidor,
  servidorBulkDelete,
  servidorDeleteQuery,
  servidorDetalle as servidorDetalleSchema,
  servidorExportQuery,
  servidorInput,
  servidorListQuery,
  servidorPage,
} from '@intranet/contract/areas/servidores';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
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
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

export const servidoresRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/servidores', {
    config: { ...VER, cache: ['servidores', 'dns', 'direcciones'] },
    schema: {
      tags,
      summary: 'Servidores propios con sus entradas DNS',
      description: 'La forma de la especificación (`id`, `nombre`, `dnss: [{id, host}]`) más los campos del servidor.',
      response: { 200: envelope(z.array(servidor)), ...denied },
    },
    handler: async () => ({ error: null, datos: await servidoresConDns(db) }),
  });

  app.get('/api/servidores/lista', {
    config: VER,
    schema: {
      tags,
      summary: 'Lista paginada de servidores',
      querystring: servidorListQuery,
      response: { 200: envelope(servidorPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(servidoresList, request.query, servidoresSource(db)),
    }),
  });

  app.get('/api/servidores/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Todos los servidores de la lista filtrada, en CSV',
      querystring: servidorExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'servidores',
        columnas: servidoresCsv,
        filas: listBatches(servidoresList, request.query, servidoresSource(db)),
      });
    },
  });

  app.post('/api/servidores/eliminar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina varios servidores (todos o ninguno)',
      description:
        'Con `cascada: true` elimina también sus entradas DNS y direcciones; sin ella, 409 si alguno tiene entradas.',
      body: servidorBulkDelete,
      response: { 200: envelope(bulkDeleteResult), ...bad, 409: errorBody },
    },
    handler: async (request) => {
      const { ids, cascada } = request.body;
      return {
        error: null,
        datos: { eliminados: await eliminarServidores(db, ids, cascada, autorDe(sessionOf(request))) },
      };
    },
  });

  app.get('/api/servidores/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Un servidor con sus entradas DNS y sus direcciones',
      params: idParam,
      response: { 200: envelope(servidorDetalleSchema), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await servidorDetalle(db, request.params.id) }),
  });

  app.post('/api/servidores', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea un servidor',
      body: servidorInput,
      response: { 201: envelope(servidor), ...bad, 409: errorBody },
    },
    handler: async (request, reply) => {
      const creado = await crearServidor(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  app.put('/api/servidores/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica un servidor',
      params: idParam,
      body: servidorInput,
      response: { 200: envelope(servidor), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarServidor(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/servidores/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina un servidor',
      description:
        'Con `?cascada=true` elimina también sus entradas DNS y direcciones, en una transacción; sin ella, 409 si tiene entradas.',
      params: idParam,
      querystring: servidorDeleteQuery,
      response: { 200: okBody, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      await eliminarServidor(db, request.params.id, request.query.cascada, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
