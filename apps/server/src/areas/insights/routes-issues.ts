import { envelope } from '@intranet/contract/shared/envelope';
import {
  actividadIssue,
  asignables as asignablesSchema,
  bulkEstadoResult,
  evento,
  eventoListQuery,
  eventoPage,
  eventoParams,
  issue,
  issueBulkAsignar,
  issueBulkEstado,
  issueBulkIgnorar,
  issueDetalle as issueDetalleSchema,
  issueExportQuery,
  issueFiltros,
  issueIgnorar,
  issueListQuery,
  issuePage,
  issueUpdate,
  monitorPropio,
  serie,
  serieQuery,
  tagBreakdown,
} from '@intranet/contract/areas/insights';
import { idParam } from '@intranet/contract/shared/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { compresionCsv, sendListCsv } from '../../lists/csv.ts';
import { listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import type { Simbolizador } from './sourcemaps/simbolizar.ts';
import { eventoDe, eventosPage, serieDe, tagsDe } from './eventos.ts';
import { actividadDe } from './actividad.ts';
import {
  asignables,
  asignarIssues,
  cambiarEstados,
  filtros,
  issueDe,
  issueDetalle,
  issuesCsv,
  issuesList,
  issuesSource,
  issuesTodas,
  modificarIssue,
  rolesAsignables,
} from './issues.ts';
import { monitorPropioDsn } from './propio.ts';
import { bad, denied, EDITAR, missing, origenDe, tags, VER } from './routes-common.ts';

/** The issues: list, export, filters, triage, and each issue's events, tags and daily series. */
export const issuesRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; simbolizador: Simbolizador }> = async (
  app,
  { db, config, simbolizador },
) => {
  app.get('/api/insights/issues', {
    config: VER,
    schema: {
      tags,
      summary: 'Errores agrupados (paginado, filtrable)',
      querystring: issueListQuery,
      response: { 200: envelope(issuePage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(issuesList, { ...request.query, yo: request.sesion?.usuario.id }, issuesSource(db)),
    }),
  });

  app.get('/api/insights/issues/export.csv', {
    config: VER,
    compress: compresionCsv,
    schema: {
      tags,
      summary: 'Todos los errores de la lista filtrada, en CSV',
      querystring: issueExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: async (request, reply) => {
      await sendListCsv(reply, db, {
        nombre: 'errores',
        columnas: issuesCsv,
        spec: issuesList,
        query: { ...request.query, yo: request.sesion?.usuario.id },
        source: issuesSource,
        todas: issuesTodas,
      });
      return reply;
    },
  });

  app.get('/api/insights/filtros', {
    config: VER,
    schema: {
      tags,
      summary: 'Environments y releases para los filtros',
      response: { 200: envelope(issueFiltros), ...denied },
    },
    handler: async () => ({ error: null, datos: await filtros(db) }),
  });

  app.get('/api/insights/asignables', {
    config: VER,
    schema: {
      tags,
      summary: 'Personas a las que se puede asignar un error',
      response: { 200: envelope(asignablesSchema), ...denied },
    },
    handler: async () => ({ error: null, datos: await asignables(db) }),
  });

  app.get('/api/insights/roles-asignables', {
    config: VER,
    schema: {
      tags,
      summary: 'Roles a los que se puede asignar un error como equipo',
      response: { 200: envelope(asignablesSchema), ...denied },
    },
    handler: async () => ({ error: null, datos: await rolesAsignables(db) }),
  });

  app.post('/api/insights/issues/asignar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Asigna varios errores a una persona, a un rol o a nadie',
      body: issueBulkAsignar,
      response: { 200: envelope(bulkEstadoResult), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: { actualizados: await asignarIssues(db, request.body.ids, request.body, autorDe(sessionOf(request))) },
    }),
  });

  app.get('/api/insights/issues/:id/actividad', {
    config: VER,
    schema: {
      tags,
      summary: 'Actividad del error: cambios de estado, asignaciones y comentarios',
      params: idParam,
      response: { 200: envelope(z.array(actividadIssue)), ...missing },
    },
    handler: async (request) => ({ error: null, datos: await actividadDe(db, request.params.id) }),
  });

  app.get('/api/insights/monitor-propio', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'DSN al que la web del portal reporta sus propios errores',
      response: { 200: envelope(monitorPropio) },
    },
    handler: async (request) => ({
      error: null,
      datos: { dsn: await monitorPropioDsn(db, config, origenDe(config, request)) },
    }),
  });

  app.get('/api/insights/issues/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Un error con su último evento',
      params: idParam,
      response: { 200: envelope(issueDetalleSchema), ...missing },
    },
    handler: async (request) => ({ error: null, datos: await issueDetalle(db, request.params.id, simbolizador) }),
  });

  app.put('/api/insights/issues/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Cambia el estado o la persona asignada',
      params: idParam,
      body: issueUpdate,
      response: { 200: envelope(issue), ...missing },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarIssue(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.post('/api/insights/issues/estado', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Resuelve, ignora o reabre varios errores',
      body: issueBulkEstado,
      response: { 200: envelope(bulkEstadoResult), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: {
        actualizados: await cambiarEstados(db, request.body.ids, request.body.estado, autorDe(sessionOf(request))),
      },
    }),
  });

  app.post('/api/insights/issues/:id/ignorar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Ignora un error por un tiempo, hasta N eventos o usuarios más (en una hora o un día), o para siempre',
      params: idParam,
      body: issueIgnorar,
      response: { 200: envelope(issue), ...missing },
    },
    handler: async (request) => {
      await issueDe(db, request.params.id);
      await cambiarEstados(db, [request.params.id], 'ignored', autorDe(sessionOf(request)), request.body);
      return { error: null, datos: await issueDe(db, request.params.id) };
    },
  });

  app.post('/api/insights/issues/ignorar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Ignora varios errores con la misma condición',
      body: issueBulkIgnorar,
      response: { 200: envelope(bulkEstadoResult), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: {
        actualizados: await cambiarEstados(
          db,
          request.body.ids,
          'ignored',
          autorDe(sessionOf(request)),
          request.body.condicion,
        ),
      },
    }),
  });

  app.get('/api/insights/issues/:id/eventos', {
    config: VER,
    schema: {
      tags,
      summary: 'Eventos de un error, los más nuevos primero',
      params: idParam,
      querystring: eventoListQuery,
      response: { 200: envelope(eventoPage), ...missing },
    },
    handler: async (request) => ({ error: null, datos: await eventosPage(db, request.params.id, request.query) }),
  });

  app.get('/api/insights/issues/:id/eventos/:evento', {
    config: VER,
    schema: {
      tags,
      summary: 'Un evento (o latest / oldest) con el anterior y el siguiente',
      params: eventoParams,
      response: { 200: envelope(evento), ...missing },
    },
    handler: async (request) => {
      const datos = await eventoDe(db, request.params.id, request.params.evento, simbolizador);
      if (!datos) throw new ApiError(404, 'El evento no existe');
      return { error: null, datos };
    },
  });

  app.get('/api/insights/issues/:id/tags', {
    config: VER,
    schema: {
      tags,
      summary: 'Valores más frecuentes de cada tag',
      params: idParam,
      response: { 200: envelope(tagBreakdown), ...missing },
    },
    handler: async (request) => ({ error: null, datos: await tagsDe(db, request.params.id) }),
  });

  app.get('/api/insights/issues/:id/serie', {
    config: VER,
    schema: {
      tags,
      summary: 'Eventos por día',
      params: idParam,
      querystring: serieQuery,
      response: { 200: envelope(serie), ...missing },
    },
    handler: async (request) => ({ error: null, datos: await serieDe(db, request.params.id, request.query.dias) }),
  });
};
