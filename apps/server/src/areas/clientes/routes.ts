import {
  copiarParametrosInput,
  copiarParametrosResult,
  empresa,
  empresaExportQuery,
  empresaInput,
  empresaListQuery,
  empresaOpciones as empresaOpcionesSchema,
  empresaOpcionesQuery,
  empresaPage,
  parametro,
  parametroInput,
  parametros as parametrosSchema,
  parametrosQuery,
  parametroUpdate,
  secretoRevelado,
  servidorCliente,
  servidorClienteInput,
  servidoresClienteResponse,
} from '@intranet/contract/clientes';
import { errorBody, envelope, okBody } from '@intranet/contract/envelope';
import { idParam } from '@intranet/contract/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import { copiarParametros, crearParametro, eliminarParametro, modificarParametro, parametrosDe, revelarSecreto } from './parametros.ts';
import {
  crearEmpresa,
  empresaDetalle,
  empresaOpciones,
  empresasCsv,
  empresasList,
  empresasSource,
  ENTIDAD,
  eliminarEmpresa,
  modificarEmpresa,
  EMPRESAS_LIST_TABLAS,
} from './queries.ts';
import { secretsKeyOf } from './secretos.ts';
import { crearServidor, eliminarServidor, modificarServidor, servidoresDeEmpresa } from './servidores.ts';

export const clientesAuditoria: AuditEntities = { [ENTIDAD]: 'CLIENTES#VER' };

const tags = ['clientes'];
const VER = { access: 'CLIENTES#VER' } as const;
const EDITAR = { access: 'CLIENTES#EDITAR' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

const servidorParams = z.object({ id: idParam.shape.id, servidorId: idParam.shape.id }).strict();
const parametroParams = z.object({ id: idParam.shape.id, parametroId: idParam.shape.id }).strict();

export const clientesRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Resolved at start so a missing SECRETS_KEY is announced then, not at the first secret.
  const key = secretsKeyOf(config);

  // ---- Empresas ----

  app.get('/api/empresas', {
    config: { ...VER, cache: EMPRESAS_LIST_TABLAS },
    schema: {
      tags,
      summary: 'Lista paginada de clientes',
      description: '`q` busca en razón social y nombre de fantasía, o en el CUIT (con o sin guiones).',
      querystring: empresaListQuery,
      response: { 200: envelope(empresaPage), ...bad },
    },
    handler: async (request) => ({ error: null, datos: await listPage(empresasList, request.query, empresasSource(db)) }),
  });

  app.get('/api/empresas/export.csv', {
    config: VER,
    schema: { tags, summary: 'Todos los clientes de la lista filtrada, en CSV', querystring: empresaExportQuery, produces: ['text/csv'], response: { ...bad } },
    handler: (request, reply) => {
      sendCsv(reply, { nombre: 'clientes', columnas: empresasCsv, filas: listBatches(empresasList, request.query, empresasSource(db)) });
    },
  });

  app.get('/api/empresas/opciones', {
    config: { access: 'session' },
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
    schema: { tags, summary: 'Un cliente', params: idParam, response: { 200: envelope(empresa), ...bad, 404: errorBody } },
    handler: async (request) => ({ error: null, datos: await empresaDetalle(db, request.params.id) }),
  });

  app.post('/api/empresas', {
    config: EDITAR,
    schema: { tags, summary: 'Crea un cliente', body: empresaInput, response: { 201: envelope(empresa), ...bad, 409: errorBody } },
    handler: async (request, reply) => {
      const creado = await crearEmpresa(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  app.put('/api/empresas/:id', {
    config: EDITAR,
    schema: { tags, summary: 'Modifica un cliente', params: idParam, body: empresaInput, response: { 200: envelope(empresa), ...bad, 404: errorBody, 409: errorBody } },
    handler: async (request) => ({ error: null, datos: await modificarEmpresa(db, request.params.id, request.body, autorDe(sessionOf(request))) }),
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

  // ---- Servidores de cliente ----

  app.get('/api/empresas/:id/servidores', {
    config: VER,
    schema: {
      tags,
      summary: 'Servidores del cliente con sus DNS',
      description: 'La forma de la especificación (`datos`: servidores con `nombre` y `dnss: [{id, host}]`) más los campos del servidor.',
      params: idParam,
      response: { 200: servidoresClienteResponse, ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await servidoresDeEmpresa(db, request.params.id) }),
  });

  app.post('/api/empresas/:id/servidores', {
    config: EDITAR,
    schema: { tags, summary: 'Agrega un servidor al cliente', params: idParam, body: servidorClienteInput, response: { 201: envelope(servidorCliente), ...bad, 404: errorBody, 409: errorBody } },
    handler: async (request, reply) => {
      const creado = await crearServidor(db, request.params.id, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  app.put('/api/empresas/:id/servidores/:servidorId', {
    config: EDITAR,
    schema: { tags, summary: 'Modifica un servidor del cliente', params: servidorParams, body: servidorClienteInput, response: { 200: envelope(servidorCliente), ...bad, 404: errorBody, 409: errorBody } },
    handler: async (request) => ({
      error: null,
      datos: await modificarServidor(db, request.params.id, request.params.servidorId, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/empresas/:id/servidores/:servidorId', {
    config: EDITAR,
    schema: { tags, summary: 'Elimina un servidor del cliente (y sus parámetros)', params: servidorParams, response: { 200: okBody, ...bad, 404: errorBody, 409: errorBody } },
    handler: async (request) => {
      await eliminarServidor(db, request.params.id, request.params.servidorId, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  // ---- Instalaciones: parámetros ----

  app.get('/api/empresas/:id/parametros', {
    config: VER,
    schema: {
      tags,
      summary: 'Parámetros del cliente, o de uno de sus servidores',
      description: 'Los secretos llegan con `valor: null`; se leen con `POST …/revelar`.',
      params: idParam,
      querystring: parametrosQuery,
      response: { 200: envelope(parametrosSchema), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await parametrosDe(db, request.params.id, request.query.servidor_id) }),
  });

  app.post('/api/empresas/:id/parametros/copiar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Copia los parámetros de otro cliente (en una transacción)',
      description: 'Copia los parámetros propios del otro cliente (no los de sus servidores); `modo` decide qué hacer con las claves que ya existen.',
      params: idParam,
      body: copiarParametrosInput,
      response: { 200: envelope(copiarParametrosResult), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await copiarParametros(db, request.params.id, request.body.desde_empresa_id, request.body.modo, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/empresas/:id/parametros', {
    config: EDITAR,
    schema: { tags, summary: 'Agrega un parámetro', params: idParam, body: parametroInput, response: { 201: envelope(parametro), ...bad, 404: errorBody, 409: errorBody } },
    handler: async (request, reply) => {
      const creado = await crearParametro(db, key, request.params.id, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  app.put('/api/empresas/:id/parametros/:parametroId', {
    config: EDITAR,
    schema: { tags, summary: 'Modifica un parámetro', params: parametroParams, body: parametroUpdate, response: { 200: envelope(parametro), ...bad, 404: errorBody, 409: errorBody } },
    handler: async (request) => ({
      error: null,
      datos: await modificarParametro(db, key, request.params.id, request.params.parametroId, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/empresas/:id/parametros/:parametroId', {
    config: EDITAR,
    schema: { tags, summary: 'Elimina un parámetro', params: parametroParams, response: { 200: okBody, ...bad, 404: errorBody } },
    handler: async (request) => {
      await eliminarParametro(db, request.params.id, request.params.parametroId, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  app.post('/api/empresas/:id/parametros/:parametroId/revelar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Muestra un secreto (queda registrado en la auditoría)',
      params: parametroParams,
      response: { 200: envelope(secretoRevelado), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: { valor: await revelarSecreto(db, key, request.params.id, request.params.parametroId, autorDe(sessionOf(request))) },
    }),
  });
};
