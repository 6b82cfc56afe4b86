import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  copiarParametrosInput,
  copiarParametrosResult,
  cliente,
  clienteExportQuery,
  clienteInput,
  clienteListQuery,
  clienteOpciones,
  clienteOpcionesQuery,
  clientePage,
  instalacionesListQuery,
  instalacionesPage,
  parametro,
  parametroInput,
  parametros,
  parametrosQuery,
  parametroUpdate,
  secretoRevelado,
  servidorCliente,
  servidorClienteInput,
  servidoresClienteResponse,
} from '../clientes.ts';

// The client companies' routes (their servers, installations and parameters), declared once for the server and
// the web (shared/endpoint.ts).

const BASE = '/api/empresas';

const servidorParams = z.object({ id: idParam.shape.id, servidorId: idParam.shape.id }).strict();
const parametroParams = z.object({ id: idParam.shape.id, parametroId: idParam.shape.id }).strict();

export const clientesApi = {
  lista: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Lista paginada de clientes',
    description: '`q` busca en razón social y nombre de fantasía, o en el CUIT (con o sin guiones).',
    query: clienteListQuery,
    answer: envelope(clientePage),
    errors: [400, 401, 403],
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/export.csv`,
    summary: 'Todos los clientes de la lista filtrada, en CSV',
    query: clienteExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
  opciones: endpoint({
    method: 'GET',
    path: `${BASE}/opciones`,
    summary: 'Clientes para elegir (por nombre o CUIT, o uno por id)',
    query: clienteOpcionesQuery,
    answer: envelope(clienteOpciones),
    errors: [400, 401],
  }),
  instalaciones: endpoint({
    method: 'GET',
    path: `${BASE}/instalaciones`,
    summary: 'Clientes con sus instalaciones (servidores) y cuántos parámetros tienen',
    description:
      '`q` busca como la lista de clientes (razón social, nombre de fantasía o CUIT). `instalaciones`: cuántas tienen en total los clientes que coinciden (null si son más de los que una lista cuenta).',
    query: instalacionesListQuery,
    answer: envelope(instalacionesPage),
    errors: [400, 401, 403],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Un cliente',
    params: idParam,
    answer: envelope(cliente),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea un cliente',
    body: clienteInput,
    answer: envelope(cliente),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica un cliente',
    params: idParam,
    body: clienteInput,
    answer: envelope(cliente),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina un cliente con sus servidores y parámetros',
    description: '409 si tiene contactos (personas) u otros registros que lo referencian.',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404, 409],
  }),

  // ---- A client's servers ----

  servidores: endpoint({
    method: 'GET',
    path: `${BASE}/:id/servidores`,
    summary: 'Servidores del cliente con sus DNS',
    description:
      'La forma de la especificación (`datos`: servidores con `nombre` y `dnss: [{id, host}]`) más los campos del servidor.',
    params: idParam,
    answer: servidoresClienteResponse,
    errors: [400, 401, 403, 404],
  }),
  crearServidor: endpoint({
    method: 'POST',
    path: `${BASE}/:id/servidores`,
    summary: 'Agrega un servidor al cliente',
    params: idParam,
    body: servidorClienteInput,
    answer: envelope(servidorCliente),
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  modificarServidor: endpoint({
    method: 'PUT',
    path: `${BASE}/:id/servidores/:servidorId`,
    summary: 'Modifica un servidor del cliente',
    params: servidorParams,
    body: servidorClienteInput,
    answer: envelope(servidorCliente),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminarServidor: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id/servidores/:servidorId`,
    summary: 'Elimina un servidor del cliente (y sus parámetros)',
    params: servidorParams,
    answer: okBody,
    errors: [400, 401, 403, 404, 409],
  }),

  // ---- A client's installation parameters ----

  parametros: endpoint({
    method: 'GET',
    path: `${BASE}/:id/parametros`,
    summary: 'Parámetros del cliente, o de uno de sus servidores',
    description: 'Los secretos llegan con `valor: null`; se leen con `POST …/revelar`.',
    params: idParam,
    query: parametrosQuery,
    answer: envelope(parametros),
    errors: [400, 401, 403, 404],
  }),
  copiarParametros: endpoint({
    method: 'POST',
    path: `${BASE}/:id/parametros/copiar`,
    summary: 'Copia los parámetros de otro cliente (en una transacción)',
    description:
      'Copia los parámetros propios del otro cliente (no los de sus servidores); `modo` decide qué hacer con las claves que ya existen.',
    params: idParam,
    body: copiarParametrosInput,
    answer: envelope(copiarParametrosResult),
    errors: [400, 401, 403, 404, 409],
  }),
  crearParametro: endpoint({
    method: 'POST',
    path: `${BASE}/:id/parametros`,
    summary: 'Agrega un parámetro',
    params: idParam,
    body: parametroInput,
    answer: envelope(parametro),
    status: 201,
    errors: [400, 401, 403, 404, 409],
  }),
  modificarParametro: endpoint({
    method: 'PUT',
    path: `${BASE}/:id/parametros/:parametroId`,
    summary: 'Modifica un parámetro',
    params: parametroParams,
    body: parametroUpdate,
    answer: envelope(parametro),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminarParametro: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id/parametros/:parametroId`,
    summary: 'Elimina un parámetro',
    params: parametroParams,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  revelarSecreto: endpoint({
    method: 'POST',
    path: `${BASE}/:id/parametros/:parametroId/revelar`,
    summary: 'Muestra un secreto (queda registrado en la auditoría)',
    params: parametroParams,
    answer: envelope(secretoRevelado),
    errors: [400, 401, 403, 404, 409],
  }),
};
