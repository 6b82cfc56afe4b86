import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import {
  storeAplicaciones,
  storeCatalogoExportQuery,
  storeCatalogoPage,
  storeCatalogoQuery,
  storeCategorias,
  storeConfig,
  storeConfigInput,
} from '../appsstore.ts';

// The store's staff routes (its configuration and the catalogue as a list), declared once for the server and the
// web (shared/endpoint.ts). The devices' routes are in tienda-endpoints.ts.

const BASE = '/api/appsstore';

export const appsstoreApi = {
  config: endpoint({
    method: 'GET',
    path: `${BASE}/config`,
    summary: 'La configuración de la tienda',
    answer: envelope(storeConfig),
    errors: [401, 403],
  }),
  guardarConfig: endpoint({
    method: 'PUT',
    path: `${BASE}/config`,
    summary: 'Guarda la configuración de la tienda',
    description:
      'Las destacadas deben ser aplicaciones publicadas (400 en `campos.destacadas`). Queda en el historial (`appsstore_config`, id `config`).',
    body: storeConfigInput,
    answer: envelope(storeConfig),
    errors: [400, 401, 403],
  }),
  aplicaciones: endpoint({
    method: 'GET',
    path: `${BASE}/aplicaciones`,
    summary: 'Todas las aplicaciones, para elegir las destacadas (solo las publicadas se pueden elegir)',
    answer: envelope(storeAplicaciones),
    errors: [401, 403],
  }),
  catalogo: endpoint({
    method: 'GET',
    path: `${BASE}/catalogo`,
    summary: 'El catálogo publicado, paginado (también durante el mantenimiento)',
    query: storeCatalogoQuery,
    answer: envelope(storeCatalogoPage),
    errors: [400, 401, 403],
  }),
  categorias: endpoint({
    method: 'GET',
    path: `${BASE}/catalogo/categorias`,
    summary: 'Las categorías de las aplicaciones del catálogo (para el filtro)',
    answer: envelope(storeCategorias),
    errors: [401, 403],
  }),
  catalogoCsv: endpoint({
    method: 'GET',
    path: `${BASE}/catalogo/export.csv`,
    summary: 'Todo el catálogo filtrado, en CSV',
    query: storeCatalogoExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
};
