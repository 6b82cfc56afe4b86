import type { AreaDescriptor } from '../../core/area.ts';
import { reportesRoutes } from './routes.ts';

/** Reportes: the report catalogue and its runs. */
export const reportes: AreaDescriptor = {
  name: 'reportes',
  routes: [reportesRoutes],
  permisos: ['PROD#VER'],
};
