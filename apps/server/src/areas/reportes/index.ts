import type { AreaDescriptor } from '../../area.ts';
import { reportesRoutes } from './routes.ts';

/** Reportes: the report catalogue and its runs. */
export const reportes: AreaDescriptor = {
  name: 'reportes',
  documentacion: {
    reportes: 'Catálogo de reportes y su ejecución en el servidor, con exportación CSV.',
  },
  routes: [reportesRoutes],
  permisos: ['PROD#VER'],
};
