import { z } from 'zod';
import { endpoint, listEndpoints } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  bulkDeleteResult,
  servidor,
  servidorBulkDelete,
  servidorDeleteQuery,
  servidorDetalle,
  servidorExportQuery,
  servidorInput,
  servidorListQuery,
  servidorPage,
} from '../servidores.ts';

// The servers' routes, declared once for the server and the web (shared/endpoint.ts).

const BASE = '/api/servidores';

export const servidoresApi = {
  todos: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Servidores propios con sus entradas DNS',
    description: 'La forma de la especificación (`id`, `nombre`, `dnss: [{id, host}]`) más los campos del servidor.',
    answer: envelope(z.array(servidor)),
    errors: [401, 403],
  }),
  ...listEndpoints(BASE, {
    query: servidorListQuery,
    exportQuery: servidorExportQuery,
    answer: envelope(servidorPage),
    summary: 'Lista paginada de servidores',
    csvSummary: 'Todos los servidores de la lista filtrada, en CSV',
  }),
  eliminarVarios: endpoint({
    method: 'POST',
    path: `${BASE}/eliminar`,
    summary: 'Elimina varios servidores (todos o ninguno)',
    description:
      'Con `cascada: true` elimina también sus entradas DNS y direcciones; sin ella, 409 si alguno tiene entradas.',
    body: servidorBulkDelete,
    answer: envelope(bulkDeleteResult),
    errors: [400, 401, 403, 409],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Un servidor con sus entradas DNS y sus direcciones',
    params: idParam,
    answer: envelope(servidorDetalle),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea un servidor',
    body: servidorInput,
    answer: envelope(servidor),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica un servidor',
    params: idParam,
    body: servidorInput,
    answer: envelope(servidor),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina un servidor',
    description:
      'Con `?cascada=true` elimina también sus entradas DNS y direcciones, en una transacción; sin ella, 409 si tiene entradas.',
    params: idParam,
    query: servidorDeleteQuery,
    answer: okBody,
    errors: [400, 401, 403, 404, 409],
  }),
};
