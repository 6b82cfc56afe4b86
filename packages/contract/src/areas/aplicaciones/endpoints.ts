import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  aplicacion,
  aplicacionCategorias,
  aplicacionExportQuery,
  aplicacionInput,
  aplicacionListQuery,
  aplicacionPage,
  aplicacionVersion,
  aplicacionVersionExportQuery,
  aplicacionVersionInput,
  aplicacionVersionListQuery,
  aplicacionVersionPage,
  aplicacionVersionParams,
  aplicacionVersionPublicacion,
  aplicacionVersionUploadQuery,
  ICONO_MAX_BYTES,
  iconoSubido,
} from '../aplicaciones.ts';
import { archivoUploadQuery } from '@intranet/contract/shared/entre-areas';

// The Android apps' routes (the apps, their icons and their versions), declared once for the server and the web
// (shared/endpoint.ts). The uploads' bodies are the file's bytes: the server reads them as a stream.

const BASE = '/api/aplicaciones';
const VERSIONES = `${BASE}/:id/versiones` as const;
const VERSION = `${VERSIONES}/:versionId` as const;

export const aplicacionesApi = {
  lista: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Lista paginada de aplicaciones',
    query: aplicacionListQuery,
    answer: envelope(aplicacionPage),
    errors: [400, 401, 403],
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/export.csv`,
    summary: 'Todas las aplicaciones de la lista filtrada, en CSV',
    query: aplicacionExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
  categorias: endpoint({
    method: 'GET',
    path: `${BASE}/categorias`,
    summary: 'Las categorías en uso',
    answer: envelope(aplicacionCategorias),
    errors: [401, 403],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Una aplicación con su descripción',
    params: idParam,
    answer: envelope(aplicacion),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea una aplicación',
    body: aplicacionInput,
    answer: envelope(aplicacion),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica una aplicación (el paquete queda fijo una vez que tiene versiones)',
    params: idParam,
    body: aplicacionInput,
    answer: envelope(aplicacion),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina una aplicación sin versiones (con versiones: 409, se despublica en su lugar)',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404, 409],
  }),
  subirIcono: endpoint({
    method: 'POST',
    path: `${BASE}/iconos`,
    summary: 'Sube el icono de una aplicación (PNG, JPEG o WebP; el cuerpo son sus bytes)',
    description: `Se reconoce por su contenido; hasta ${ICONO_MAX_BYTES / 1024} KB. Responde el archivo para usar su id en icono_id.`,
    query: archivoUploadQuery,
    answer: envelope(iconoSubido),
    status: 201,
    errors: [400, 401, 403, 413],
  }),
  versiones: endpoint({
    method: 'GET',
    path: VERSIONES,
    summary: 'Las versiones de una aplicación, paginadas (la de mayor versionCode primero)',
    params: idParam,
    query: aplicacionVersionListQuery,
    answer: envelope(aplicacionVersionPage),
    errors: [400, 401, 403, 404],
  }),
  versionesCsv: endpoint({
    method: 'GET',
    path: `${VERSIONES}/export.csv`,
    summary: 'Las versiones filtradas de una aplicación, en CSV',
    params: idParam,
    query: aplicacionVersionExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403, 404],
  }),
  version: endpoint({
    method: 'GET',
    path: VERSION,
    summary: 'Una versión',
    params: aplicacionVersionParams,
    answer: envelope(aplicacionVersion),
    errors: [400, 401, 403, 404],
  }),
  modificarVersion: endpoint({
    method: 'PUT',
    path: VERSION,
    summary: 'Modifica las novedades de una versión',
    params: aplicacionVersionParams,
    body: aplicacionVersionInput,
    answer: envelope(aplicacionVersion),
    errors: [400, 401, 403, 404],
  }),
  promoverVersion: endpoint({
    method: 'POST',
    path: `${VERSION}/promover`,
    summary: 'Promueve una versión beta al canal estable',
    params: aplicacionVersionParams,
    answer: envelope(aplicacionVersion),
    errors: [400, 401, 403, 404, 409],
  }),
  publicacionVersion: endpoint({
    method: 'POST',
    path: `${VERSION}/publicacion`,
    summary: 'Despublica una versión (publicada: false) o la vuelve a publicar (true)',
    params: aplicacionVersionParams,
    body: aplicacionVersionPublicacion,
    answer: envelope(aplicacionVersion),
    errors: [400, 401, 403, 404, 409],
  }),
  subirVersion: endpoint({
    method: 'POST',
    path: VERSIONES,
    summary: 'Sube un APK como nueva versión: canal y novedades en la consulta, el APK como cuerpo',
    description:
      'El APK se guarda mientras llega (tamaño y SHA-256 en el camino; 413 sobre el máximo). El servidor lee del APK el paquete, ' +
      'versionCode, versionName, SDK mínimo y objetivo y el certificado firmante, y lo rechaza (400 o 409, error en `archivo`) ' +
      'si no es un APK firmado, es de otro paquete, su versionCode no supera al último o lo firmó otro certificado.',
    params: idParam,
    query: aplicacionVersionUploadQuery,
    answer: envelope(aplicacionVersion),
    status: 201,
    errors: [400, 401, 403, 404, 409, 413, 429],
  }),
};
