import { endpoint, listEndpoints } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  paqueteDescargaParams,
  paqueteExportQuery,
  paqueteFila,
  paqueteInput,
  paqueteLast,
  paqueteListQuery,
  paquetePage,
  paqueteProductos,
  paquetesResponse,
} from '../paquetes.ts';

// The installer packages' routes (`{instaladores}`), declared once for the server and the web (shared/endpoint.ts).
// The upload's body is the file's bytes, which the server reads as a stream.

const BASE = '/api/paquetes';

const lista = listEndpoints(BASE, {
  query: paqueteListQuery,
  exportQuery: paqueteExportQuery,
  answer: envelope(paquetePage),
  summary: 'Lista paginada de paquetes',
  csvSummary: 'Todos los paquetes de la lista filtrada, en CSV',
});

export const paquetesApi = {
  todos: endpoint({
    method: 'GET',
    path: BASE,
    base: 'instaladores',
    summary: 'Paquetes de instalación, el más reciente primero',
    description: 'La respuesta sin sobre de la especificación; los paquetes retirados no figuran.',
    answer: paquetesResponse,
    errors: [401, 403],
  }),
  last: endpoint({
    method: 'GET',
    path: `${BASE}/last`,
    base: 'instaladores',
    summary: 'El paquete más reciente (nombre y fecha), o null si no hay ninguno',
    answer: paqueteLast.nullable(),
    errors: [401, 403],
  }),
  lista: { ...lista.lista, base: 'instaladores' as const },
  csv: { ...lista.csv, base: 'instaladores' as const },
  productos: endpoint({
    method: 'GET',
    path: `${BASE}/productos`,
    base: 'instaladores',
    summary: 'Los productos que nombran los paquetes (para el filtro)',
    answer: envelope(paqueteProductos),
    errors: [401, 403],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    base: 'instaladores',
    summary: 'Un paquete',
    params: idParam,
    answer: envelope(paqueteFila),
    errors: [400, 401, 403, 404],
  }),
  descarga: endpoint({
    method: 'GET',
    path: `${BASE}/:id/descarga/:sha256`,
    base: 'instaladores',
    summary: 'Descarga el archivo de un paquete (también retirado); admite Range e If-None-Match',
    params: paqueteDescargaParams,
    produces: ['application/octet-stream'],
    errors: [400, 404],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    base: 'instaladores',
    summary: 'Modifica los datos de un paquete',
    params: idParam,
    body: paqueteInput,
    answer: envelope(paqueteFila),
    errors: [400, 401, 403, 404],
  }),
  retirar: endpoint({
    method: 'POST',
    path: `${BASE}/:id/retirar`,
    base: 'instaladores',
    summary: 'Retira un paquete: sale de la lista y de /last; su enlace directo sigue descargando',
    params: idParam,
    answer: envelope(paqueteFila),
    errors: [400, 401, 403, 404, 409],
  }),
  restaurar: endpoint({
    method: 'POST',
    path: `${BASE}/:id/restaurar`,
    base: 'instaladores',
    summary: 'Vuelve a listar un paquete retirado',
    params: idParam,
    answer: envelope(paqueteFila),
    errors: [400, 401, 403, 404, 409],
  }),
  subir: endpoint({
    method: 'POST',
    path: BASE,
    base: 'instaladores',
    summary: 'Sube un paquete: los datos en la consulta, el archivo como cuerpo',
    description: 'El archivo se guarda mientras llega (tamaño y SHA-256 calculados en el camino); 413 sobre el máximo.',
    query: paqueteInput,
    answer: envelope(paqueteFila),
    status: 201,
    errors: [400, 401, 403, 413],
  }),
};
