import type { AreaDescriptor } from '../../core/area.ts';
import { productosAuditoria, productosRoutes } from './routes.ts';
import { seedProductos } from './seed.ts';

/** Productos: what the company sells. */
export const productos: AreaDescriptor = {
  name: 'productos',
  routes: [productosRoutes],
  auditoria: productosAuditoria,
  seed: seedProductos,
};
