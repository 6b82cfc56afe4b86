import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  producto,
  productoBulkDelete,
  productoBulkDeleteResult,
  productoDescripcionHtml,
  productoExportQuery,
  productoInput,
  productoLineas,
  productoListQuery,
  productoOpciones,
  productoPage,
} from '../productos.ts';

// The products' routes, declared once for the server and the web (shared/endpoint.ts).

const BASE = '/api/productos';

export const productosApi = {
  // The list is the area's own path (not `<base>/lista`): its bulk actions and import hang from it.
  lista: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Lista paginada de productos',
    query: productoListQuery,
    answer: envelope(productoPage),
    errors: [400, 401, 403],
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/export.csv`,
    summary: 'Todos los productos de la lista filtrada, en CSV',
    query: productoExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
  opciones: endpoint({
    method: 'GET',
    path: `${BASE}/opciones`,
    summary: 'Productos activos para elegir en otras áreas (id, código, nombre)',
    answer: envelope(productoOpciones),
    errors: [401],
  }),
  lineas: endpoint({
    method: 'GET',
    path: `${BASE}/lineas`,
    summary: 'Las líneas de producto en uso',
    answer: envelope(productoLineas),
    errors: [401, 403],
  }),
  eliminarVarios: endpoint({
    method: 'POST',
    path: `${BASE}/eliminar`,
    summary: 'Elimina varios productos (todos o ninguno)',
    body: productoBulkDelete,
    answer: envelope(productoBulkDeleteResult),
    errors: [400, 401, 403, 409],
  }),
  detalle: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Un producto con su descripción',
    params: idParam,
    answer: envelope(producto),
    errors: [400, 401, 403, 404],
  }),
  descripcionHtml: endpoint({
    method: 'GET',
    path: `${BASE}/:id/descripcion.html`,
    summary: 'La descripción como HTML, escrito a través del esquema del editor',
    params: idParam,
    answer: envelope(productoDescripcionHtml),
    errors: [400, 401, 403, 404],
  }),
  crear: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Crea un producto',
    body: productoInput,
    answer: envelope(producto),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificar: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    summary: 'Modifica un producto',
    params: idParam,
    body: productoInput,
    answer: envelope(producto),
    errors: [400, 401, 403, 404, 409],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Elimina un producto',
    description: '409 si otro registro (una versión, un desarrollo...) hace referencia al producto.',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404, 409],
  }),
};
