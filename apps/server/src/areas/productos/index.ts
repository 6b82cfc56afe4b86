import type { AreaDescriptor } from '../../area.ts';
import { busquedaProductos } from './busqueda.ts';
import { conflictos } from './conflicts.ts';
import { productosImportacion } from './importacion.ts';
import { importacionRoutes } from '../../lists/importacion/routes.ts';
import { productosLote } from './lote.ts';
import { productosAuditoria, productosRoutes } from './routes.ts';
import { seedProductos } from './seed.ts';

/** Productos: what the company sells. */
export const productos: AreaDescriptor = {
  name: 'productos',
  documentacion: {
    productos: 'Productos que vende la empresa.',
  },
  routes: [productosRoutes, productosLote, importacionRoutes(productosImportacion)],
  // The other codes are those of the screens that pick a product (GET /api/productos/opciones).
  permisos: ['PROD#VER', 'PROD#EDITAR', 'CLIENTES#VER', 'CLIENTES#EDITAR', 'SER#VER', 'DESARROLLOS#EDITAR'],
  auditoria: productosAuditoria,
  conflictos,
  seed: seedProductos,
  busqueda: [busquedaProductos],
  vivas: [{ lista: 'productos', permiso: 'PROD#VER', tablas: ['productos'] }],
};
