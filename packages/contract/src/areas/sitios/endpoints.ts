import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  sitio,
  sitioBulkDelete,
  sitioBulkDeleteResult,
  sitioExportQuery,
  sitioInput,
  sitioListQuery,
  sitioOpciones,
  sitioPage,
  verificaciones,
  verificarResultado,
  verificarVarios,
  verificarVariosResultado,
} from '../sitios.ts';

// The websites' routes, declared once for the server and the web (shared/endpoint.ts). The expiry grid's are in
// vencimientos-endpoints.ts.

const BASE = '/api/sitios';

/** The errors every list and export documents: a bad query, no session, no permission. */
const LIST_ERRORS = [400, 401, 403] as const;

export const sitiosApi = {
  // The list is the area's own path (not `…/lista`), so its pair is declared here rather than by listEndpoints.
  lista: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Lista paginada de sitios web',
    query: sitioListQuery,
    answer: envelope(sitioPage),
    errors: LIST_ERRORS,
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/export.csv`,
    summary: 'Todos los sitios de la lista filtrada, en CSV',
    query: sitioExportQuery,
    produces: ['text/csv'],
    errors: LIST_ERRORS,
  }),
  opciones: endpoint({
    method: 'GET',
    path: `${BASE}/opciones`,
    summary: 'Los servidores propios con sus entradas DNS, para el formulario y el filtro',
    answer: envelope(sitioOpciones),
    errors: [401, 403],
  }),
  eliminarVarios: endpoint({
    method: 'POST',
    path: `${BASE}/eliminar`,
    summary: 'Elimina varios sitios (todos o ninguno)',
    body: sitioBulkDelete,
    answer: envelope(sitioBulkDeleteResult),
    errors: [400, 401, 403],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Un sitio web',
    params: idParam,
    answer: envelope(sitio),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea un sitio web',
    body: sitioInput,
    answer: envelope(sitio),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica un sitio web',
    params: idParam,
    body: sitioInput,
    answer: envelope(sitio),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina un sitio web con sus verificaciones',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  verificar: endpoint({
    method: 'POST',
    path: `${BASE}/:id/verificar`,
    summary: 'Lee ahora el certificado del sitio (TLS a su host y puerto, 5 s como máximo) y guarda el resultado',
    description:
      'Un sitio inalcanzable (DNS, conexión rechazada, tiempo agotado, certificado de otro host) responde 200 con `resultado: error` y el motivo en `mensaje`.',
    params: idParam,
    answer: envelope(verificarResultado),
    errors: [400, 401, 403, 404],
  }),
  verificarVarios: endpoint({
    method: 'POST',
    path: `${BASE}/verificar`,
    summary: 'Verifica varios sitios (hasta 50), de a 5 a la vez',
    body: verificarVarios,
    answer: envelope(verificarVariosResultado),
    errors: [400, 401, 403],
  }),
  verificaciones: endpoint({
    method: 'GET',
    path: `${BASE}/:id/verificaciones`,
    summary: 'Las últimas 50 verificaciones del sitio, la más reciente primero',
    params: idParam,
    answer: envelope(verificaciones),
    errors: [400, 401, 403, 404],
  }),
};
