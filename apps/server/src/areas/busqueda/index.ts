import type { AreaDescriptor } from '../../core/area.ts';
import { busquedaRoutes } from './routes.ts';

/** Búsqueda: the command palette's search over every area's records (the areas declare where to look). */
export const busqueda: AreaDescriptor = {
  name: 'busqueda',
  routes: [busquedaRoutes],
};
