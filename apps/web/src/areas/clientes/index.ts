import { IconApps, IconReportAnalytics, IconUsersGroup } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Clientes: companies, their installations, AFIP and Physis expiries and updates. */
export const clientes: AreaDescriptor = {
  name: 'clientes',
  routes: [{ path: 'clientes/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.ClientesRoutes })) }],
  menu: [
    {
      section: 'PHYSIS',
      item: { text: 'Clientes', icon: IconUsersGroup, link: '/clientes/lista', accion: 'CLIENTES#VER' },
    },
    {
      section: 'PHYSIS',
      item: {
        text: 'Reportes',
        icon: IconReportAnalytics,
        submenu: [
          { text: 'Instalaciones', icon: IconApps, link: '/clientes/parametros', accion: 'CLIENTES#VER' },
          {
            text: 'Vencimientos Afip',
            icon: IconReportAnalytics,
            link: '/clientes/vencimientosafip/lista',
            accion: 'CLIENTES#VER',
          },
          {
            text: 'Vencimientos Physis',
            icon: IconReportAnalytics,
            link: '/clientes/vencimientosphysis/lista',
            accion: 'CLIENTES#VER',
          },
          {
            text: 'Actualizaciones',
            icon: IconReportAnalytics,
            link: '/clientes/actualizaciones/lista',
            accion: 'CLIENTES#VER',
          },
        ],
      },
    },
  ],
  palette: [
    { text: 'Clientes', link: '/clientes/lista', accion: 'CLIENTES#VER', keywords: ['empresas', 'cuit'], goKey: 'c' },
    { text: 'Nuevo cliente', link: '/clientes/nuevo', accion: 'CLIENTES#EDITAR', keywords: ['alta', 'empresa'] },
    { text: 'Instalaciones', link: '/clientes/parametros', accion: 'CLIENTES#VER', keywords: ['parámetros'] },
    {
      text: 'Vencimientos Afip',
      link: '/clientes/vencimientosafip/lista',
      accion: 'CLIENTES#VER',
      keywords: ['certificados', 'cai', 'puntos de venta'],
    },
    {
      text: 'Vencimientos Physis',
      link: '/clientes/vencimientosphysis/lista',
      accion: 'CLIENTES#VER',
      keywords: ['licencias'],
    },
    {
      text: 'Actualizaciones',
      link: '/clientes/actualizaciones/lista',
      accion: 'CLIENTES#VER',
      keywords: ['versiones instaladas'],
    },
  ],
  home: [
    {
      accion: 'CLIENTES#VER',
      position: 1,
      lazy: () => import('./home/VencimientosPanel.tsx').then((m) => ({ Component: m.AfipPanel })),
    },
    {
      accion: 'CLIENTES#VER',
      position: 2,
      lazy: () => import('./home/VencimientosPanel.tsx').then((m) => ({ Component: m.PhysisPanel })),
    },
  ],
};
