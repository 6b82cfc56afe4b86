import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  actividadIssue,
  asignables,
  bulkEstadoResult,
  comentario,
  comentarioInput,
  evento,
  eventoListQuery,
  eventoPage,
  eventoParams,
  issue,
  issueBulkAsignar,
  issueBulkEstado,
  issueBulkIgnorar,
  issueDetalle,
  issueExportQuery,
  issueFiltros,
  issueIgnorar,
  issueListQuery,
  issuePage,
  issueUpdate,
  monitorPropio,
  proyecto,
  proyectoInput,
  releaseProyecto,
  serie,
  serieQuery,
  tagBreakdown,
  feedback,
  recibido,
  recibidosQuery,
} from '../insights.ts';
import { saludAlerta, saludProyecto, saludQuery } from './salud.ts';

// The error monitor's own routes, declared once for the server and the web (shared/endpoint.ts). The Sentry
// protocol's routes (the intake and sentry-cli's `/api/0/…`) are not here: they follow Sentry's wire, not the portal's.

const BASE = '/api/insights';
const ISSUES = `${BASE}/issues` as const;
const PROYECTOS = `${BASE}/proyectos` as const;

const denied = [401, 403] as const;
const bad = [400, 401, 403] as const;
const missing = [400, 401, 403, 404] as const;

/**
 * `DELETE /api/insights/proyectos/:id/releases`: the release whose record goes; none, the bundles uploaded without one.
 */
const releaseDeleteQuery = z.object({ version: z.string().min(1).max(200).optional() });

export const insightsApi = {
  // ---- Issues ----
  lista: endpoint({
    method: 'GET',
    path: ISSUES,
    summary: 'Errores agrupados (paginado, filtrable)',
    query: issueListQuery,
    answer: envelope(issuePage),
    errors: bad,
  }),
  csv: endpoint({
    method: 'GET',
    path: `${ISSUES}/export.csv`,
    summary: 'Todos los errores de la lista filtrada, en CSV',
    query: issueExportQuery,
    produces: ['text/csv'],
    errors: bad,
  }),
  filtros: endpoint({
    method: 'GET',
    path: `${BASE}/filtros`,
    summary: 'Environments y releases para los filtros',
    answer: envelope(issueFiltros),
    errors: denied,
  }),
  asignables: endpoint({
    method: 'GET',
    path: `${BASE}/asignables`,
    summary: 'Personas a las que se puede asignar un error',
    answer: envelope(asignables),
    errors: denied,
  }),
  rolesAsignables: endpoint({
    method: 'GET',
    path: `${BASE}/roles-asignables`,
    summary: 'Roles a los que se puede asignar un error como equipo',
    answer: envelope(asignables),
    errors: denied,
  }),
  asignarVarios: endpoint({
    method: 'POST',
    path: `${ISSUES}/asignar`,
    summary: 'Asigna varios errores a una persona, a un rol o a nadie',
    body: issueBulkAsignar,
    answer: envelope(bulkEstadoResult),
    errors: bad,
  }),
  actividad: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id/actividad`,
    summary: 'Actividad del error: cambios de estado, asignaciones y comentarios',
    params: idParam,
    answer: envelope(z.array(actividadIssue)),
    errors: missing,
  }),
  monitorPropio: endpoint({
    method: 'GET',
    path: `${BASE}/monitor-propio`,
    summary: 'DSN al que la web del portal reporta sus propios errores',
    answer: envelope(monitorPropio),
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id`,
    summary: 'Un error con su último evento',
    params: idParam,
    answer: envelope(issueDetalle),
    errors: missing,
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${ISSUES}/:id`,
    summary: 'Cambia el estado o la persona asignada',
    params: idParam,
    body: issueUpdate,
    answer: envelope(issue),
    errors: missing,
  }),
  estadoVarios: endpoint({
    method: 'POST',
    path: `${ISSUES}/estado`,
    summary: 'Resuelve, ignora o reabre varios errores',
    body: issueBulkEstado,
    answer: envelope(bulkEstadoResult),
    errors: bad,
  }),
  ignorar: endpoint({
    method: 'POST',
    path: `${ISSUES}/:id/ignorar`,
    summary: 'Ignora un error por un tiempo, hasta N eventos o usuarios más (en una hora o un día), o para siempre',
    params: idParam,
    body: issueIgnorar,
    answer: envelope(issue),
    errors: missing,
  }),
  ignorarVarios: endpoint({
    method: 'POST',
    path: `${ISSUES}/ignorar`,
    summary: 'Ignora varios errores con la misma condición',
    body: issueBulkIgnorar,
    answer: envelope(bulkEstadoResult),
    errors: bad,
  }),
  eventos: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id/eventos`,
    summary: 'Eventos de un error, los más nuevos primero',
    params: idParam,
    query: eventoListQuery,
    answer: envelope(eventoPage),
    errors: missing,
  }),
  evento: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id/eventos/:evento`,
    summary: 'Un evento (o latest / oldest) con el anterior y el siguiente',
    params: eventoParams,
    answer: envelope(evento),
    errors: missing,
  }),
  eventoJson: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id/eventos/:evento/json`,
    summary: 'Un evento tal como se guardó: el JSON que envió el SDK, depurado de datos sensibles',
    params: eventoParams,
    produces: ['application/json'],
    errors: missing,
  }),
  tags: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id/tags`,
    summary: 'Valores más frecuentes de cada tag',
    params: idParam,
    answer: envelope(tagBreakdown),
    errors: missing,
  }),
  serie: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id/serie`,
    summary: 'Eventos por día',
    params: idParam,
    query: serieQuery,
    answer: envelope(serie),
    errors: missing,
  }),

  // ---- Comments ----
  comentarios: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id/comentarios`,
    summary: 'Comentarios de un error',
    params: idParam,
    answer: envelope(z.array(comentario)),
    errors: missing,
  }),
  comentar: endpoint({
    method: 'POST',
    path: `${ISSUES}/:id/comentarios`,
    summary: 'Comenta un error',
    params: idParam,
    body: comentarioInput,
    answer: envelope(comentario),
    status: 201,
    errors: missing,
  }),
  eliminarComentario: endpoint({
    method: 'DELETE',
    path: `${BASE}/comentarios/:id`,
    summary: 'Elimina un comentario',
    params: idParam,
    answer: okBody,
    errors: missing,
  }),

  // ---- Projects ----
  proyectos: endpoint({
    method: 'GET',
    path: PROYECTOS,
    summary: 'Proyectos del monitor con su DSN',
    answer: envelope(z.array(proyecto)),
    errors: denied,
  }),
  proyecto: endpoint({
    method: 'GET',
    path: `${PROYECTOS}/:id`,
    summary: 'Un proyecto',
    params: idParam,
    answer: envelope(proyecto),
    errors: missing,
  }),
  crearProyecto: endpoint({
    method: 'POST',
    path: PROYECTOS,
    summary: 'Crea un proyecto (con una clave nueva)',
    body: proyectoInput,
    answer: envelope(proyecto),
    status: 201,
    errors: [...bad, 409],
  }),
  modificarProyecto: endpoint({
    method: 'PUT',
    path: `${PROYECTOS}/:id`,
    summary: 'Modifica un proyecto',
    params: idParam,
    body: proyectoInput,
    answer: envelope(proyecto),
    errors: [...missing, 409],
  }),
  rotarClave: endpoint({
    method: 'POST',
    path: `${PROYECTOS}/:id/rotar-clave`,
    summary: 'Genera una clave nueva; el DSN anterior deja de aceptarse',
    params: idParam,
    answer: envelope(proyecto),
    errors: missing,
  }),
  eliminarProyecto: endpoint({
    method: 'DELETE',
    path: `${PROYECTOS}/:id`,
    summary: 'Elimina un proyecto con sus errores, eventos y comentarios',
    params: idParam,
    answer: okBody,
    errors: missing,
  }),

  // ---- Releases ----
  feedbackProyecto: endpoint({
    method: 'GET',
    path: `${PROYECTOS}/:id/feedback`,
    summary: 'Comentarios de usuarios del proyecto (captureFeedback), los más recientes primero (hasta 200)',
    params: idParam,
    answer: envelope(z.array(feedback)),
    errors: missing,
  }),
  feedbackIssue: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id/feedback`,
    summary: 'Comentarios de usuarios sobre los eventos de un error',
    params: idParam,
    answer: envelope(z.array(feedback)),
    errors: missing,
  }),
  recibidos: endpoint({
    method: 'GET',
    path: `${PROYECTOS}/:id/recibidos`,
    summary: 'Datos recibidos: lo aceptado, limitado o descartado por día y tipo (y lo que el SDK descartó)',
    params: idParam,
    query: recibidosQuery,
    answer: envelope(z.array(recibido)),
    errors: missing,
  }),
  releases: endpoint({
    method: 'GET',
    path: `${PROYECTOS}/:id/releases`,
    summary: 'Releases del proyecto: vistas en eventos o creadas por sentry-cli, con sus bundles',
    params: idParam,
    answer: envelope(z.array(releaseProyecto)),
    errors: missing,
  }),
  saludReleases: endpoint({
    method: 'GET',
    path: `${PROYECTOS}/:id/salud`,
    summary:
      'Salud de las releases: sesiones, sesiones y usuarios sin caídas, adopción y sesiones por día, de los últimos `dias` días',
    params: idParam,
    query: saludQuery,
    answer: envelope(saludProyecto),
    errors: missing,
  }),
  saludAlerta: endpoint({
    method: 'PUT',
    path: `${PROYECTOS}/:id/salud/alerta`,
    summary: 'Alerta de una release con menos del umbral % de sesiones sin caídas en las últimas 24 horas',
    params: idParam,
    body: saludAlerta,
    answer: envelope(saludAlerta),
    errors: missing,
  }),
  eliminarRelease: endpoint({
    method: 'DELETE',
    path: `${PROYECTOS}/:id/releases`,
    summary:
      'Elimina el registro de una release y sus bundles (sin `version`: los bundles subidos sin release); los eventos quedan',
    params: idParam,
    query: releaseDeleteQuery,
    answer: okBody,
    errors: missing,
  }),
};
