import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import { storeCatalogo, storeDescargaParams, storeEstado, storeIconoParams, storeIndex } from '../appsstore.ts';

// The store's public routes for devices (`{store}`), declared once for the server and the web (shared/endpoint.ts).
// During maintenance catalogo, indice and descarga answer 503 with `storeMantenimientoBody`, not the error body a
// declaration documents: the server registers those itself, from these facts.

const BASE = '/api/store';

export const tiendaApi = {
  estado: endpoint({
    method: 'GET',
    path: `${BASE}/estado`,
    base: 'store',
    summary: 'Estado de la tienda: nombre, canales, versión mínima del cliente y mantenimiento (siempre 200)',
    answer: envelope(storeEstado),
  }),
  catalogo: endpoint({
    method: 'GET',
    path: `${BASE}/catalogo`,
    base: 'store',
    summary: 'El catálogo: aplicaciones publicadas con su última versión por canal (ETag, 304; 503 en mantenimiento)',
    answer: envelope(storeCatalogo),
  }),
  indice: endpoint({
    method: 'GET',
    path: `${BASE}/index-v1.json`,
    base: 'store',
    summary:
      'Índice al estilo F-Droid (repo, apps, packages) para clientes que consultan periódicamente (ETag, 304; 503 en mantenimiento)',
    answer: storeIndex,
  }),
  descarga: endpoint({
    method: 'GET',
    path: `${BASE}/descargas/:apk`,
    base: 'store',
    summary: 'Descarga el APK de una versión ofrecida y la cuenta (admite Range, If-None-Match; 503 en mantenimiento)',
    params: storeDescargaParams,
    produces: ['application/vnd.android.package-archive'],
    errors: [400, 404],
  }),
  icono: endpoint({
    method: 'GET',
    path: `${BASE}/iconos/:package_name`,
    base: 'store',
    summary: 'El icono de una aplicación publicada (ETag, 304)',
    params: storeIconoParams,
    produces: ['image/png', 'image/jpeg', 'image/webp'],
    errors: [400, 404],
  }),
};
