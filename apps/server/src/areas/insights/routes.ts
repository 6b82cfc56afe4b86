import { envelope, errorBody, okBody } from '@intranet/contract/envelope';
import {
  asignables as asignablesSchema,
  bulkEstadoResult,
  comentario,
  comentarioInput,
  evento,
  eventoListQuery,
  eventoPage,
  eventoParams,
  issue,
  issueBulkEstado,
  issueDetalle as issueDetalleSchema,
  issueExportQuery,
  issueFiltros,
  issueListQuery,
  issuePage,
  issueUpdate,
  monitorPropio,
  proyecto,
  proyectoInput,
  serie,
  serieQuery,
  tagBreakdown,
} from '@intranet/contract/insights';
import { idParam } from '@intranet/contract/list';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../plugins/errors.ts';
import { comentar, comentariosDe, ENTIDAD_COMENTARIO, eliminarComentario } from './comentarios.ts';
import { eventoDe, eventosPage, serieDe, tagsDe } from './eventos.ts';
import { CacheProyectos, intakeRoutes } from './intake/routes.ts';
import {
  asignables,
  cambiarEstados,
  ENTIDAD_ISSUE,
  filtros,
  issueDetalle,
  issuesCsv,
  issuesList,
  issuesSource,
  modificarIssue,
} from './issues.ts';
import { monitorPropioDsn } from './propio.ts';
import {
  crearProyecto,
  eliminarProyecto,
  ENTIDAD_PROYECTO,
  modificarProyecto,
  proyectoDetalle,
  proyectosLista,
  rotarClave,
  type Origen,
} from './proyectos.ts';

export const insightsAuditoria: AuditEntities = {
  [ENTIDAD_PROYECTO]: 'SER#VER',
  [ENTIDAD_ISSUE]: 'SER#VER',
  [ENTIDAD_COMENTARIO]: 'SER#VER',
};

const tags = ['insights'];
const VER = { access: 'SER#VER' } as const;
const EDITAR = { access: 'INSIGHTS#EDITAR' } as const;
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };
const missing = { 404: errorBody, ...bad };

export interface InsightsOpciones {
  db: Db;
  config: Config;
}

/** The Monitor de errores: the Sentry intake (its own encapsulated plugin) and the triage and project routes. */
export const insightsRoutes: FastifyPluginAsyncZod<InsightsOpciones> = async (app, { db, config }) => {
  const cache = new CacheProyectos();
  await app.register(intakeRoutes, {
    db,
    cache,
    // One batch in flight per process, and a second only once 16 events wait: while one is written the next
    // gathers, so batches grow with the load and each statement carries many events (with four in flight at
    // 50 connections batches averaged 5.5 events and cost 0.2 ms more CPU per event); the second keeps both
    // cores busy when a batch is slow. Measured in bench/intake.ts.
    escritura: { maxPendientes: 5000, maxLote: 500, paralelo: 2, loteParaOtro: 16 },
  });

  /** DSNs are built on PUBLIC_URL when set, else on the origin the request reached. */
  const origen = (request: FastifyRequest): Origen | string => config.publicUrl || { protocol: request.protocol, host: request.host };

  // ---- Projects ----

  app.get('/api/insights/proyectos', {
    config: VER,
    schema: { tags, summary: 'Proyectos del monitor con su DSN', response: { 200: envelope(z.array(proyecto)), ...denied } },
    handler: async (request) => ({ error: null, datos: await proyectosLista(db, origen(request)) }),
  });

  app.get('/api/insights/proyectos/:id', {
    config: VER,
    schema: { tags, summary: 'Un proyecto', params: idParam, response: { 200: envelope(proyecto), ...missing } },
    handler: async (request) => ({ error: null, datos: await proyectoDetalle(db, origen(request), request.params.id) }),
  });

  app.post('/api/insights/proyectos', {
    config: EDITAR,
    schema: { tags, summary: 'Crea un proyecto (con una clave nueva)', body: proyectoInput, response: { 201: envelope(proyecto), 409: errorBody, ...bad } },
    handler: async (request, reply) => {
      const datos = await crearProyecto(db, origen(request), request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos });
    },
  });

  app.put('/api/insights/proyectos/:id', {
    config: EDITAR,
    schema: { tags, summary: 'Modifica un proyecto', params: idParam, body: proyectoInput, response: { 200: envelope(proyecto), 409: errorBody, ...missing } },
    handler: async (request) => {
      const datos = await modificarProyecto(db, origen(request), request.params.id, request.body, autorDe(sessionOf(request)));
      cache.olvidar(datos.id);
      return { error: null, datos };
    },
  });

  app.post('/api/insights/proyectos/:id/rotar-clave', {
    config: EDITAR,
    schema: { tags, summary: 'Genera una clave nueva; el DSN anterior deja de aceptarse', params: idParam, response: { 200: envelope(proyecto), ...missing } },
    handler: async (request) => {
      const datos = await rotarClave(db, origen(request), request.params.id, autorDe(sessionOf(request)));
      cache.olvidar(datos.id);
      return { error: null, datos };
    },
  });

  app.delete('/api/insights/proyectos/:id', {
    config: EDITAR,
    schema: { tags, summary: 'Elimina un proyecto con sus errores, eventos y comentarios', params: idParam, response: { 200: okBody, ...missing } },
    handler: async (request) => {
      await eliminarProyecto(db, origen(request), request.params.id, autorDe(sessionOf(request)));
      cache.olvidar(request.params.id);
      return { error: null, datos: null };
    },
  });

  // ---- Issues ----

  app.get('/api/insights/issues', {
    config: VER,
    schema: { tags, summary: 'Errores agrupados (paginado, filtrable)', querystring: issueListQuery, response: { 200: envelope(issuePage), ...bad } },
    handler: async (request) => ({ error: null, datos: await listPage(issuesList, request.query, issuesSource(db)) }),
  });

  app.get('/api/insights/issues/export.csv', {
    config: VER,
    schema: { tags, summary: 'Todos los errores de la lista filtrada, en CSV', querystring: issueExportQuery, produces: ['text/csv'], response: { ...bad } },
    handler: (request, reply) => {
      sendCsv(reply, { nombre: 'errores', columnas: issuesCsv, filas: listBatches(issuesList, request.query, issuesSource(db)) });
    },
  });

  app.get('/api/insights/filtros', {
    config: VER,
    schema: { tags, summary: 'Environments y releases para los filtros', response: { 200: envelope(issueFiltros), ...denied } },
    handler: async () => ({ error: null, datos: await filtros(db) }),
  });

  app.get('/api/insights/asignables', {
    config: VER,
    schema: { tags, summary: 'Personas a las que se puede asignar un error', response: { 200: envelope(asignablesSchema), ...denied } },
    handler: async () => ({ error: null, datos: await asignables(db) }),
  });

  app.get('/api/insights/monitor-propio', {
    config: { access: 'public' },
    schema: { tags, summary: 'DSN al que la web del portal reporta sus propios errores', response: { 200: envelope(monitorPropio) } },
    handler: async (request) => ({ error: null, datos: { dsn: await monitorPropioDsn(db, config, origen(request)) } }),
  });

  app.get('/api/insights/issues/:id', {
    config: VER,
    schema: { tags, summary: 'Un error con su último evento', params: idParam, response: { 200: envelope(issueDetalleSchema), ...missing } },
    handler: async (request) => ({ error: null, datos: await issueDetalle(db, request.params.id) }),
  });

  app.put('/api/insights/issues/:id', {
    config: EDITAR,
    schema: { tags, summary: 'Cambia el estado o la persona asignada', params: idParam, body: issueUpdate, response: { 200: envelope(issue), ...missing } },
    handler: async (request) => ({ error: null, datos: await modificarIssue(db, request.params.id, request.body, autorDe(sessionOf(request))) }),
  });

  app.post('/api/insights/issues/estado', {
    config: EDITAR,
    schema: { tags, summary: 'Resuelve, ignora o reabre varios errores', body: issueBulkEstado, response: { 200: envelope(bulkEstadoResult), ...bad } },
    handler: async (request) => ({
      error: null,
      datos: { actualizados: await cambiarEstados(db, request.body.ids, request.body.estado, autorDe(sessionOf(request))) },
    }),
  });

  app.get('/api/insights/issues/:id/eventos', {
    config: VER,
    schema: { tags, summary: 'Eventos de un error, los más nuevos primero', params: idParam, querystring: eventoListQuery, response: { 200: envelope(eventoPage), ...missing } },
    handler: async (request) => ({ error: null, datos: await eventosPage(db, request.params.id, request.query) }),
  });

  app.get('/api/insights/issues/:id/eventos/:evento', {
    config: VER,
    schema: { tags, summary: 'Un evento (o latest / oldest) con el anterior y el siguiente', params: eventoParams, response: { 200: envelope(evento), ...missing } },
    handler: async (request) => {
      const datos = await eventoDe(db, request.params.id, request.params.evento);
      if (!datos) throw new ApiError(404, 'El evento no existe');
      return { error: null, datos };
    },
  });

  app.get('/api/insights/issues/:id/tags', {
    config: VER,
    schema: { tags, summary: 'Valores más frecuentes de cada tag', params: idParam, response: { 200: envelope(tagBreakdown), ...missing } },
    handler: async (request) => ({ error: null, datos: await tagsDe(db, request.params.id) }),
  });

  app.get('/api/insights/issues/:id/serie', {
    config: VER,
    schema: { tags, summary: 'Eventos por día', params: idParam, querystring: serieQuery, response: { 200: envelope(serie), ...missing } },
    handler: async (request) => ({ error: null, datos: await serieDe(db, request.params.id, request.query.dias) }),
  });

  // ---- Comments ----

  app.get('/api/insights/issues/:id/comentarios', {
    config: VER,
    schema: { tags, summary: 'Comentarios de un error', params: idParam, response: { 200: envelope(z.array(comentario)), ...missing } },
    handler: async (request) => ({ error: null, datos: await comentariosDe(db, request.params.id) }),
  });

  app.post('/api/insights/issues/:id/comentarios', {
    config: EDITAR,
    schema: { tags, summary: 'Comenta un error', params: idParam, body: comentarioInput, response: { 201: envelope(comentario), ...missing } },
    handler: async (request, reply) => {
      const datos = await comentar(db, request.params.id, request.body.texto, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos });
    },
  });

  app.delete('/api/insights/comentarios/:id', {
    config: EDITAR,
    schema: { tags, summary: 'Elimina un comentario', params: idParam, response: { 200: okBody, ...missing } },
    handler: async (request) => {
      await eliminarComentario(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
