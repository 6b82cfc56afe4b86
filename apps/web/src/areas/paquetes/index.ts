import { IconPackages } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Paquetes de instalación (/instaladores). */
export const paquetes: AreaDescriptor = {
  name: 'paquetes',
  routes: [
    { path: 'instaladores/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.PaquetesRoutes })) },
  ],
  menu: [
    {
      section: 'TECNICA',
      item: { text: 'Paquetes de instalación', icon: IconPackages, link: '/instaladores', accion: 'PACKS#VER' },
    },
  ],
  palette: [
    {
      text: 'Paquetes de instalación',
      link: '/instaladores',
      accion: 'PACKS#VER',
      keywords: ['instaladores', 'descargas'],
      goKey: 'i',
    },
  ],
  home: [
    {
      accion: 'PACKS#VER',
      position: 6,
      lazy: () => import('./home/UltimosPanel.tsx').then((m) => ({ Component: m.UltimosPanel })),
    },
  ],
};
