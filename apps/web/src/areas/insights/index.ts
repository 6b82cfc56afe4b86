import { IconBug } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Monitor de errores: issues, events and the monitor's projects. */
export const insights: AreaDescriptor = {
  name: 'insights',
  routes: [{ path: 'insights/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.InsightsRoutes })) }],
  menu: [
    {
      section: 'TECNICA',
      item: { text: 'Monitor de errores', icon: IconBug, link: '/insights', accion: 'SER#VER' },
    },
  ],
  palette: [
    {
      text: 'Monitor de errores',
      link: '/insights',
      accion: 'SER#VER',
      keywords: ['errores', 'issues', 'sentry'],
      goKey: 'r',
    },
    { text: 'Proyectos del monitor', link: '/insights/proyectos', accion: 'SER#VER', keywords: ['dsn'] },
    {
      text: 'Nuevo proyecto del monitor',
      link: '/insights/proyectos/nuevo',
      accion: 'INSIGHTS#EDITAR',
      keywords: ['dsn', 'alta'],
    },
  ],
  home: [
    {
      accion: 'SER#VER',
      position: 4,
      lazy: () => import('./home/RecientesPanel.tsx').then((m) => ({ Component: m.RecientesPanel })),
    },
  ],
};
