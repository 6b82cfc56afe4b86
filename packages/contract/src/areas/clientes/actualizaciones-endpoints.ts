import { z } from 'zod';
import { endpoint, listEndpoints } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  actualizacion,
  actualizacionExportQuery,
  actualizacionInput,
  actualizacionListQuery,
  actualizacionOpciones,
  actualizacionPage,
  desactualizadosQuery,
  opcionesQuery,
  productoDesactualizados,
} from './actualizaciones.ts';

// The updates installed on the clients' servers, declared once for the server and the web (shared/endpoint.ts).

const BASE = '/api/actualizaciones';

const lista = listEndpoints(BASE, {
  query: actualizacionListQuery,
  exportQuery: actualizacionExportQuery,
  answer: envelope(actualizacionPage),
  summary: 'Actualizaciones aplicadas en servidores de clientes',
  csvSummary: 'La lista filtrada, en CSV',
});

export const actualizacionesApi = {
  lista: endpoint({
    ...lista.lista,
    description:
      '`desde`/`hasta` son fechas de Buenos Aires; `version_id` filtra por la versión instalada. Orden por defecto: -fecha.',
  }),
  csv: lista.csv,
  desactualizados: endpoint({
    method: 'GET',
    path: `${BASE}/desactualizados`,
    summary: 'Por producto, su última versión publicada y los clientes con servidores en una anterior',
    description:
      'Cuentan las versiones publicadas estables y hotfix (no las beta); "atraso" es cuántas hay después de la instalada.',
    query: desactualizadosQuery,
    answer: envelope(z.array(productoDesactualizados)),
    errors: [400, 401, 403],
  }),
  desactualizadosCsv: endpoint({
    method: 'GET',
    path: `${BASE}/desactualizados/export.csv`,
    summary: 'Los clientes desactualizados en CSV: un renglón por servidor atrasado en un producto',
    query: desactualizadosQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
  opciones: endpoint({
    method: 'GET',
    path: `${BASE}/opciones`,
    summary: 'Servidores del cliente y versiones, para el formulario',
    query: opcionesQuery,
    answer: envelope(actualizacionOpciones),
    errors: [400, 401, 403],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Una actualización con su log',
    params: idParam,
    answer: envelope(actualizacion),
    errors: [400, 401, 403, 404],
  }),
  registrar: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Registra una actualización',
    description:
      'Sin `version_desde_id` toma la versión que el servidor tenía. Una actualización `ok` de Physis ERP lleva `version_physis` del servidor a la versión instalada, en la misma transacción.',
    body: actualizacionInput,
    answer: envelope(actualizacion),
    status: 201,
    errors: [400, 401, 403],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina el registro de una actualización (la versión del servidor no cambia)',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
};
