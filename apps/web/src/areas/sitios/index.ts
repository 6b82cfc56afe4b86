import { IconWorldWww } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Sitios Webs (Soluciones): the sites, their checks and their certificate and domain expiries. */
export const sitios: AreaDescriptor = {
  name: 'sitios',
  routes: [
    { path: 'soluciones/web/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.SitiosRoutes })) },
  ],
  menu: [
    {
      section: 'SOLUCIONES',
      item: { text: 'Sitios Webs', icon: IconWorldWww, link: '/soluciones/web', accion: 'SUBPROD#VER' },
    },
  ],
  palette: [
    { text: 'Sitios Webs', link: '/soluciones/web', accion: 'SUBPROD#VER', keywords: ['web', 'dominios'], goKey: 'w' },
    {
      text: 'Vencimientos de sitios',
      link: '/soluciones/web/vencimientos',
      accion: 'SUBPROD#VER',
      keywords: ['ssl', 'certificados', 'dominios'],
    },
    { text: 'Nuevo sitio', link: '/soluciones/web/nuevo', accion: 'SUBPROD#EDITAR', keywords: ['alta', 'web'] },
  ],
  home: [
    {
      accion: 'SUBPROD#VER',
      position: 3,
      lazy: () => import('./home/VencimientosPanel.tsx').then((m) => ({ Component: m.VencimientosPanel })),
    },
  ],
};
