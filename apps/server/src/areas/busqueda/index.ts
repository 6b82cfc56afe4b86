import type { AreaDescriptor } from '../../area.ts';
import { busquedaRoutes } from './routes.ts';

/** Búsqueda: the command palette's search over every area's records (the areas declare where to look). */
export const busqueda: AreaDescriptor = {
  name: 'busqueda',
  documentacion: {
    busqueda: 'Búsqueda de la paleta de comandos en los registros de todas las áreas.',
  },
  routes: [busquedaRoutes],
};
