import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  asignarInput,
  devolverInput,
  maquina,
  maquinaDetalle,
  maquinaExportQuery,
  maquinaInput,
  maquinaListQuery,
  maquinaPage,
  ubicaciones,
} from '../maquinas.ts';

// The machines' routes, declared once for the server and the web (shared/endpoint.ts).

const BASE = '/api/maquinas';

export const maquinasApi = {
  // The list is the area's own path (not `<base>/lista`): its bulk actions and import hang from it.
  lista: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Lista paginada de máquinas',
    query: maquinaListQuery,
    answer: envelope(maquinaPage),
    errors: [400, 401, 403],
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/export.csv`,
    summary: 'Todas las máquinas de la lista filtrada, en CSV',
    query: maquinaExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
  ubicaciones: endpoint({
    method: 'GET',
    path: `${BASE}/ubicaciones`,
    summary: 'Las ubicaciones en uso, para el filtro de la lista',
    answer: envelope(ubicaciones),
    errors: [401, 403],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Una máquina con su historial de asignaciones',
    params: idParam,
    answer: envelope(maquinaDetalle),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea una máquina',
    body: maquinaInput,
    answer: envelope(maquina),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica una máquina',
    description: 'Una máquina asignada queda «En uso» hasta «Devolver» (409 si se pide otro estado).',
    params: idParam,
    body: maquinaInput,
    answer: envelope(maquina),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina una máquina sin historial (409 si tuvo asignaciones)',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404, 409],
  }),
  asignar: endpoint({
    method: 'POST',
    path: `${BASE}/:id/asignar`,
    summary: 'Asigna la máquina a una persona desde una fecha',
    description: '409 si está dada de baja o ya asignada; la máquina pasa a «En uso».',
    params: idParam,
    body: asignarInput,
    answer: envelope(maquinaDetalle),
    errors: [400, 401, 403, 404, 409],
  }),
  devolver: endpoint({
    method: 'POST',
    path: `${BASE}/:id/devolver`,
    summary: 'Cierra la asignación abierta en una fecha; la máquina queda en el estado elegido',
    params: idParam,
    body: devolverInput,
    answer: envelope(maquinaDetalle),
    errors: [400, 401, 403, 404, 409],
  }),
};
