import { IconTags } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Versiones: the products' versions and their changelog. */
export const versiones: AreaDescriptor = {
  name: 'versiones',
  routes: [{ path: 'versiones/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.VersionesRoutes })) }],
  menu: [
    {
      section: 'TECNICA',
      item: { text: 'Versiones', icon: IconTags, link: '/versiones', accion: 'PACKS#VER' },
    },
  ],
  palette: [
    { text: 'Versiones', link: '/versiones', accion: 'PACKS#VER', keywords: ['releases'], goKey: 'v' },
    { text: 'Nueva versión', link: '/versiones/nueva', accion: 'VERSIONES#EDITAR', keywords: ['release', 'alta'] },
    { text: 'Changelog', link: '/versiones/changelog', accion: 'PACKS#VER', keywords: ['novedades', 'cambios'] },
  ],
  home: [
    {
      accion: 'PACKS#VER',
      position: 7,
      lazy: () => import('./home/UltimasPanel.tsx').then((m) => ({ Component: m.UltimasPanel })),
    },
  ],
};
