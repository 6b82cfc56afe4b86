import { IconPackage } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Productos (Soluciones). */
export const productos: AreaDescriptor = {
  name: 'productos',
  routes: [
    {
      path: 'soluciones/productos/*',
      lazy: () => import('./routes.tsx').then((m) => ({ Component: m.ProductosRoutes })),
    },
  ],
  menu: [
    {
      section: 'SOLUCIONES',
      item: { text: 'Productos', icon: IconPackage, link: '/soluciones/productos', accion: 'PROD#VER' },
    },
  ],
  palette: [
    { text: 'Productos', link: '/soluciones/productos', accion: 'PROD#VER', keywords: ['soluciones'], goKey: 'o' },
    { text: 'Nuevo producto', link: '/soluciones/productos/nuevo', accion: 'PROD#EDITAR', keywords: ['alta'] },
  ],
};
