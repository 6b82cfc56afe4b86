import { productoInput, productoLote, productoLoteExport } from '@intranet/contract/areas/productos';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import {
  eliminarProducto,
  modificarProducto,
  productoDetalle,
  productosCsv,
  productosList,
  productosSource,
} from './queries.ts';

/**
 * Bulk actions on the products list: delete (a referenced product is refused, as one by one), set active, line, kind
 * or owner.
 */
export const productosLote = loteRoutes({
  ruta: '/api/productos',
  tags: ['productos'],
  ver: 'PROD#VER',
  editar: 'PROD#EDITAR',
  body: productoLote,
  exportBody: productoLoteExport,
  list: productosList,
  source: productosSource,
  nombre: (p) => `${p.codigo} ${p.nombre}`,
  csv: { nombre: 'productos', columnas: productosCsv },
  eliminar: eliminarProducto,
  cambiar: cambioPorEdicion(productoInput, productoDetalle, modificarProducto),
});
