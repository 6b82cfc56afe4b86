import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import {
  archivo,
  archivoDescargaParams,
  archivoDescargaQuery,
  archivoLimite,
  archivoUploadQuery,
} from '../archivos.ts';

// The file store's routes, declared once for the server and the web (shared/endpoint.ts), under the `archivos`
// base URL.

const BASE = '/api/archivos';
const base = 'archivos';

export const archivosApi = {
  descarga: endpoint({
    method: 'GET',
    path: `${BASE}/:sha256`,
    base,
    summary: 'Descarga un archivo por su SHA-256 (admite Range, If-None-Match)',
    description:
      '`nombre` da el nombre con que se guarda; sin él, el de la primera subida. Cada descarga completa se cuenta. ' +
      'Solo se descargan los archivos que usa un paquete, un archivo de versión, el icono de una aplicación o un APK; los demás responden 404.',
    params: archivoDescargaParams,
    query: archivoDescargaQuery,
    produces: ['application/octet-stream'],
    errors: [400, 404],
  }),
  limite: endpoint({
    method: 'GET',
    path: `${BASE}/limite`,
    base,
    summary: 'El tamaño máximo de una subida, en bytes',
    answer: envelope(archivoLimite),
    errors: [401],
  }),
  info: endpoint({
    method: 'GET',
    path: `${BASE}/:sha256/info`,
    base,
    summary: 'Los datos de un archivo guardado',
    params: archivoDescargaParams,
    answer: envelope(archivo),
    errors: [400, 401, 404],
  }),
  /** The body is the file's bytes, streamed (the server's upload scope takes any content type). */
  subir: endpoint({
    method: 'POST',
    path: BASE,
    base,
    summary: 'Sube un archivo (el cuerpo son sus bytes, de cualquier tipo)',
    description:
      'Se guarda una sola vez por contenido: subir el mismo contenido otra vez responde el mismo archivo. 413 sobre el máximo.',
    query: archivoUploadQuery,
    answer: envelope(archivo),
    status: 201,
    errors: [400, 401, 403, 413],
  }),
};
