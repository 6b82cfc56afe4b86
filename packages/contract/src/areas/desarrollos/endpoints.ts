import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  desarrollo,
  desarrolloCambios,
  desarrolloEstadoInput,
  desarrolloExportQuery,
  desarrolloInput,
  desarrolloListQuery,
  desarrolloOpciones,
  desarrolloPage,
  desarrollosMios,
  tablero,
  tableroQuery,
} from '../desarrollos.ts';

// The developments' routes, declared once for the server and the web (shared/endpoint.ts). The list is the bare
// path (not `/lista`), so it is declared on its own.

const BASE = '/api/desarrollos';

export const desarrollosApi = {
  lista: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Lista paginada de desarrollos',
    query: desarrolloListQuery,
    answer: envelope(desarrolloPage),
    errors: [400, 401, 403],
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/export.csv`,
    summary: 'Todos los desarrollos de la lista filtrada, en CSV',
    query: desarrolloExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
  tablero: endpoint({
    method: 'GET',
    path: `${BASE}/tablero`,
    summary: 'El tablero: una columna por estado con su total y sus primeras tarjetas',
    query: tableroQuery,
    answer: envelope(tablero),
    errors: [400, 401, 403],
  }),
  mios: endpoint({
    method: 'GET',
    path: `${BASE}/mios`,
    summary: 'Los desarrollos del usuario (su persona es la responsable), por estado',
    answer: envelope(desarrollosMios),
    errors: [401, 403],
  }),
  opciones: endpoint({
    method: 'GET',
    path: `${BASE}/opciones`,
    summary: 'Responsables (personal) y versiones por producto, para el formulario y los filtros',
    answer: envelope(desarrolloOpciones),
    errors: [401, 403],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Un desarrollo con su descripción',
    params: idParam,
    answer: envelope(desarrollo),
    errors: [400, 401, 403, 404],
  }),
  cambios: endpoint({
    method: 'GET',
    path: `${BASE}/:id/estados`,
    summary: 'Los cambios de estado del desarrollo, fechados, del primero al último',
    params: idParam,
    answer: envelope(desarrolloCambios),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea un desarrollo (pendiente)',
    body: desarrolloInput,
    answer: envelope(desarrollo),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica un desarrollo (el estado cambia solo con POST /estado)',
    params: idParam,
    body: desarrolloInput,
    answer: envelope(desarrollo),
    errors: [400, 401, 403, 404, 409],
  }),
  mover: endpoint({
    method: 'POST',
    path: `${BASE}/:id/estado`,
    summary: 'Mueve el desarrollo a otro estado',
    description: '409 con el motivo si la tabla de transiciones del contrato no lo permite.',
    params: idParam,
    body: desarrolloEstadoInput,
    answer: envelope(desarrollo),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina un desarrollo con su historial de estados',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
};
