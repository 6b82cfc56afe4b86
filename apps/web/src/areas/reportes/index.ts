import { IconChartBar } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Reportes (Soluciones): the catalogue of reports, run with parameters. */
export const reportes: AreaDescriptor = {
  name: 'reportes',
  routes: [
    { path: 'soluciones/reporte/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.ReportesRoutes })) },
  ],
  menu: [
    {
      section: 'SOLUCIONES',
      item: { text: 'Reportes', icon: IconChartBar, link: '/soluciones/reporte', accion: 'PROD#VER' },
    },
  ],
  palette: [{ text: 'Reportes', link: '/soluciones/reporte', accion: 'PROD#VER', keywords: ['gráficos', 'informes'] }],
};
