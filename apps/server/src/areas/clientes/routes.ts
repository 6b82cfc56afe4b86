import {
  empresa,
  empresaExportQuery,
  empresaInput,
  empresaListQuery,
  empresaOpciones as empresaOpcionesSchema,
  empresaOpcionesQuery,
  empresaPage,
} from '@intranet/contract/areas/clientes';
import { errorBody, envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { compresionCsv, sendListCsv } from '../../lists/csv.ts';
import { listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import {
  crearEmpresa,
  empresaDetalle,
  empresaOpciones,
  empresasCsv,
  empresasTodas,
  empresasList,
  empresasSource,
  ENTIDAD,
  eliminarEmpresa,
  modificarEmpresa,
  EMPRESAS_LIST_TABLAS,
} from './queries.ts';
import { bad, EDITAR, tags, VER } from './routes-common.ts';

export const clientesAuditoria: AuditEntities = { [ENTIDAD]: 'CLIENTES#VER' };

/** The client companies: list, export, options, detail and changes. */
export const clientesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/empresas', {
    config: { ...VER, cache: EMPRESAS_LIST_TABLAS },
    schema: {
      tags,
      summary: 'Lista paginada de clientes',
      description: '`q` busca en razón social y nombre de fantasía, o en el CUIT (con o sin guiones).',
      querystring: empresaListQuery,
      response: { 200: envelope(empresaPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(empresasList, request.query, empresasSource(db)),
    }),
  });

  app.get('/api/empresas/export.csv', {
    config: VER,
    compress: compresionCsv,
    schema: {
      tags,
      summary: 'Todos los clientes de la lista filtrada, en CSV',
      querystring: empresaExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: async (request, reply) => {
      await sendListCsv(reply, db, {
        nombre: 'clientes',
        columnas: empresasCsv,
        spec: empresasList,
        query: request.query,
        source: empresasSource,
        todas: empresasTodas,
      });
      return reply;
    },
  });

  app.get('/api/empresas/opciones', {
    // The screens that pick a client: Clientes and its Vencimientos and Actualizaciones, Sitios Webs, Reportes, Desarrollos.
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
    schema: {
      tags,
      summary: 'Clientes para elegir (por nombre o CUIT, o uno por id)',
      querystring: empresaOpcionesQuery,
      response: { 200: envelope(empresaOpcionesSchema), 400: errorBody, 401: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await empresaOpciones(db, request.query) }),
  });

  app.get('/api/empresas/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Un cliente',
      params: idParam,
      response: { 200: envelope(empresa), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await empresaDetalle(db, request.params.id) }),
  });

  app.post('/api/empresas', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea un cliente',
      body: empresaInput,
      response: { 201: envelope(empresa), ...bad, 409: errorBody },
    },
    handler: async (request, reply) => {
      const creado = await crearEmpresa(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  app.put('/api/empresas/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica un cliente',
      params: idParam,
      body: empresaInput,
      response: { 200: envelope(empresa), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarEmpresa(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/empresas/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina un cliente con sus servidores y parámetros',
      description: '409 si tiene contactos (personas) u otros registros que lo referencian.',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      await eliminarEmpresa(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
