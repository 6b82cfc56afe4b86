import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  changelog,
  changelogProductos,
  versionAssetParams,
  versionAssetQuery,
  versionDetalle,
  versionEstadoInput,
  versionExportQuery,
  versionInput,
  versionListQuery,
  versionPage,
  versionProductos,
} from '../versiones.ts';

// The versions' routes, declared once for the server and the web (shared/endpoint.ts). They live under the
// `versiones` base URL; the list is the bare path (not `/lista`), so it is declared on its own.

const BASE = '/api/versiones';
const base = 'versiones';
const detalle = envelope(versionDetalle);

export const versionesApi = {
  lista: endpoint({
    method: 'GET',
    path: BASE,
    base,
    summary: 'Lista paginada de versiones (de un producto o de todos)',
    query: versionListQuery,
    answer: envelope(versionPage),
    errors: [400, 401, 403],
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/export.csv`,
    base,
    summary: 'Todas las versiones de la lista filtrada, en CSV',
    query: versionExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
  productos: endpoint({
    method: 'GET',
    path: `${BASE}/productos`,
    base,
    summary: 'Los productos (para el filtro y el formulario de versiones)',
    answer: envelope(versionProductos),
    errors: [401, 403],
  }),
  changelogProductos: endpoint({
    method: 'GET',
    path: `${BASE}/changelog`,
    base,
    summary: 'Los productos con versiones publicadas (para el historial de cambios)',
    answer: envelope(changelogProductos),
    errors: [401, 403],
  }),
  changelog: endpoint({
    method: 'GET',
    path: `${BASE}/changelog/:id`,
    base,
    summary: 'Historial de cambios de un producto: sus versiones publicadas, la más nueva primero, con las notas',
    params: idParam,
    answer: envelope(changelog),
    errors: [400, 401, 403, 404],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    base,
    summary: 'Una versión con sus notas (JSON y HTML) y sus archivos',
    params: idParam,
    answer: detalle,
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    base,
    summary: 'Crea una versión (en borrador)',
    body: versionInput,
    answer: detalle,
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    base,
    summary: 'Modifica una versión (no retirada)',
    params: idParam,
    body: versionInput,
    answer: detalle,
    errors: [400, 401, 403, 404, 409],
  }),
  cambiarEstado: endpoint({
    method: 'POST',
    path: `${BASE}/:id/estado`,
    base,
    summary: 'Publica o retira una versión',
    description: 'Transiciones: borrador → publicada → retirada → publicada. Otra cualquiera responde 409.',
    params: idParam,
    body: versionEstadoInput,
    answer: detalle,
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    base,
    summary: 'Elimina una versión en borrador',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404, 409],
  }),
  quitarAsset: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id/assets/:assetId`,
    base,
    summary: 'Quita un archivo de una versión',
    params: versionAssetParams,
    answer: detalle,
    errors: [400, 401, 403, 404, 409],
  }),
  /** The body is the file's bytes, streamed (the server's upload scope takes any content type). */
  adjuntarAsset: endpoint({
    method: 'POST',
    path: `${BASE}/:id/assets`,
    base,
    summary: 'Adjunta un archivo a una versión (el cuerpo son sus bytes)',
    params: idParam,
    query: versionAssetQuery,
    answer: detalle,
    status: 201,
    errors: [400, 401, 403, 404, 409, 413],
  }),
};
