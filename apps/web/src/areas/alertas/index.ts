import type { AreaDescriptor } from '../../core/area.ts';

/** Alertas: the scheduled jobs and the notifications (the bell in the top bar is the shell's). */
export const alertas: AreaDescriptor = {
  name: 'alertas',
  routes: [{ path: 'alertas/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.AlertasRoutes })) }],
  menu: [],
  palette: [
    {
      text: 'Tareas programadas',
      link: '/alertas/tareas',
      accion: 'ALERTAS#ADMIN',
      keywords: ['alertas', 'jobs', 'cron'],
    },
    {
      text: 'Webhooks',
      link: '/alertas/webhooks',
      accion: 'ALERTAS#ADMIN',
      keywords: ['alertas', 'slack', 'teams', 'mattermost'],
    },
    {
      text: 'Alertas por rol',
      link: '/alertas/roles',
      accion: 'ALERTAS#ADMIN',
      keywords: ['alertas', 'roles', 'predeterminadas', 'suscripciones'],
    },
  ],
};
