import { insightsApi } from '@intranet/contract/areas/insights/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { route } from '../../core/endpoint.ts';
import { autorDe } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { compresionCsv, sendListCsv } from '../../lists/csv.ts';
import { listPage } from '../../lists/list.ts';
import { sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import type { Simbolizador } from './sourcemaps/simbolizar.ts';
import { eventoDe, eventoGuardado, eventosPage, serieDe, tagsDe } from './eventos.ts';
import { actividadDe } from './actividad.ts';
import { feedbackDeIssue } from './feedback.ts';
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
import { EDITAR, origenDe, tags, VER } from './routes-common.ts';

/** The issues: list, export, filters, triage, and each issue's events, tags and daily series. */
export const issuesRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; simbolizador: Simbolizador }> = async (
  app,
  { db, config, simbolizador },
) => {
  const api = insightsApi;
  route(app, api.lista, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await listPage(issuesList, { ...request.query, yo: request.sesion?.usuario.id }, issuesSource(db)),
    }),
  });

  route(app, api.csv, {
    config: VER,
    tags,
    // This export compresses faster than the answers' usual compression.
    options: { compress: compresionCsv },
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

  route(app, api.filtros, {
    config: VER,
    tags,
    handler: async () => ({ error: null, datos: await filtros(db) }),
  });

  route(app, api.asignables, {
    config: VER,
    tags,
    handler: async () => ({ error: null, datos: await asignables(db) }),
  });

  route(app, api.rolesAsignables, {
    config: VER,
    tags,
    handler: async () => ({ error: null, datos: await rolesAsignables(db) }),
  });

  route(app, api.asignarVarios, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: { actualizados: await asignarIssues(db, request.body.ids, request.body, autorDe(sessionOf(request))) },
    }),
  });

  route(app, api.actividad, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await actividadDe(db, request.params.id) }),
  });

  route(app, api.monitorPropio, {
    config: { access: 'public' },
    tags,
    handler: async (request) => ({
      error: null,
      datos: { dsn: await monitorPropioDsn(db, config, origenDe(config, request)) },
    }),
  });

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await issueDetalle(db, request.params.id, simbolizador) }),
  });

  route(app, api.feedbackIssue, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await feedbackDeIssue(db, request.params.id) }),
  });

  route(app, api.modificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarIssue(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.estadoVarios, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: {
        actualizados: await cambiarEstados(db, request.body.ids, request.body.estado, autorDe(sessionOf(request))),
      },
    }),
  });

  route(app, api.ignorar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await issueDe(db, request.params.id);
      await cambiarEstados(db, [request.params.id], 'ignored', autorDe(sessionOf(request)), request.body);
      return { error: null, datos: await issueDe(db, request.params.id) };
    },
  });

  route(app, api.ignorarVarios, {
    config: EDITAR,
    tags,
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

  route(app, api.eventos, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await eventosPage(db, request.params.id, request.query) }),
  });

  route(app, api.evento, {
    config: VER,
    tags,
    handler: async (request) => {
      const datos = await eventoDe(db, request.params.id, request.params.evento, simbolizador);
      if (!datos) throw new ApiError(404, 'El evento no existe');
      return { error: null, datos };
    },
  });

  route(app, api.eventoJson, {
    config: VER,
    tags,
    handler: async (request, reply) => {
      const guardado = await eventoGuardado(db, request.params.id, request.params.evento);
      if (!guardado) throw new ApiError(404, 'El evento no existe');
      // Shown by the browser as text (a JSON type never renders as a page), and saved under the event's id.
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `inline; filename="evento-${guardado.eventId}.json"`)
        .send(guardado.json);
    },
  });

  route(app, api.tags, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await tagsDe(db, request.params.id) }),
  });

  route(app, api.serie, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await serieDe(db, request.params.id, request.query.dias) }),
  });
};
