import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import { reporteCatalogo, reporteIdParam, reporteResultado } from '../reportes.ts';

// The reports' routes, declared once for the server and the web (shared/endpoint.ts). A run's parameters have no
// query schema here: each report validates them with its own (REPORTES[id].schema), so the query goes as it is.

const BASE = '/api/reportes';
const parametros =
  'Los parámetros del reporte en la consulta, validados por su esquema (400 con los campos que fallan).';

export const reportesApi = {
  catalogo: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'El catálogo de reportes que el usuario puede ejecutar (según los datos que lee cada uno)',
    answer: envelope(reporteCatalogo),
    errors: [401, 403],
  }),
  resultado: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Ejecuta un reporte: columnas, filas y totales',
    description: parametros,
    params: reporteIdParam,
    answer: envelope(reporteResultado),
    errors: [400, 401, 403, 404],
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/:id/export.csv`,
    summary: 'Las filas de un reporte, en CSV',
    description: parametros,
    params: reporteIdParam,
    produces: ['text/csv'],
    errors: [400, 401, 403, 404],
  }),
};
