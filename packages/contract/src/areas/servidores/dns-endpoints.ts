import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  direccionesQuery,
  direccionInput,
  direccionView,
  dnsDetalle,
  dnsEntry,
  dnsExportQuery,
  dnsInput,
  dnsListQuery,
  dnsPage,
  dnsResolution,
  reachability,
} from './dns.ts';

// The DNS service's routes (the entries across servers and their addresses), declared once for the server and the
// web (shared/endpoint.ts).

const BASE = '/api/dns';
const DIRECCIONES = '/api/direcciones';

export const dnsApi = {
  // The list is the area's own path (not `<base>/lista`): its bulk actions and import hang from it.
  lista: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Lista paginada de entradas DNS de todos los servidores',
    query: dnsListQuery,
    answer: envelope(dnsPage),
    errors: [400, 401, 403],
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/export.csv`,
    summary: 'Todas las entradas DNS de la lista filtrada, en CSV',
    query: dnsExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Una entrada DNS con sus direcciones',
    params: idParam,
    answer: envelope(dnsDetalle),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea una entrada DNS',
    body: dnsInput,
    answer: envelope(dnsEntry),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica una entrada DNS',
    params: idParam,
    body: dnsInput,
    answer: envelope(dnsEntry),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina una entrada DNS con sus direcciones',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  resolver: endpoint({
    method: 'POST',
    path: `${BASE}/:id/resolver`,
    summary: 'Resuelve ahora el host de la entrada con el DNS del servidor',
    description:
      '`coincide` dice si la respuesta incluye la IP (o el hostname, para CNAME) del servidor; null si no hay con qué comparar.',
    params: idParam,
    answer: envelope(dnsResolution),
    errors: [400, 401, 403, 404],
  }),
  direcciones: endpoint({
    method: 'GET',
    path: DIRECCIONES,
    summary: 'Direcciones de una entrada DNS',
    query: direccionesQuery,
    answer: envelope(z.array(direccionView)),
    errors: [400, 401, 403, 404],
  }),
  crearDireccion: endpoint({
    method: 'POST',
    path: DIRECCIONES,
    summary: 'Crea una dirección',
    body: direccionInput,
    answer: envelope(direccionView),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificarDireccion: endpoint({
    method: 'PUT',
    path: `${DIRECCIONES}/:id`,
    summary: 'Modifica una dirección',
    params: idParam,
    body: direccionInput,
    answer: envelope(direccionView),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminarDireccion: endpoint({
    method: 'DELETE',
    path: `${DIRECCIONES}/:id`,
    summary: 'Elimina una dirección',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  verificarDireccion: endpoint({
    method: 'POST',
    path: `${DIRECCIONES}/:id/verificar`,
    summary: 'Prueba ahora una conexión TCP al host y puerto de la dirección (3 s como máximo)',
    params: idParam,
    answer: envelope(reachability),
    errors: [400, 401, 403, 404],
  }),
};
