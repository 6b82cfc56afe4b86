import { IconCode } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Desarrollos: the development requests, as a list and as a board. */
export const desarrollos: AreaDescriptor = {
  name: 'desarrollos',
  routes: [
    { path: 'desarrollos/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.DesarrollosRoutes })) },
  ],
  menu: [
    {
      section: 'TECNICA',
      item: { text: 'Desarrollos', icon: IconCode, link: '/desarrollos', accion: 'SER#VER' },
    },
  ],
  palette: [
    { text: 'Desarrollos', link: '/desarrollos', accion: 'SER#VER', keywords: ['pedidos'], goKey: 'e' },
    { text: 'Tablero de desarrollos', link: '/desarrollos/tablero', accion: 'SER#VER', keywords: ['kanban'] },
    {
      text: 'Nuevo desarrollo',
      link: '/desarrollos/nuevo',
      accion: 'DESARROLLOS#EDITAR',
      keywords: ['pedido', 'alta'],
    },
  ],
  home: [
    {
      accion: 'SER#VER',
      position: 5,
      lazy: () => import('./home/MiosPanel.tsx').then((m) => ({ Component: m.MiosPanel })),
    },
  ],
};
