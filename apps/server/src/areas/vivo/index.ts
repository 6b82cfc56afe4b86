import type { AreaDescriptor } from '../../area.ts';
import { vivoRoutes } from './routes.ts';

/** Vivo: the stream that tells a browser tab which of its lists changed; the areas declare their lists. */
export const vivo: AreaDescriptor = {
  name: 'vivo',
  documentacion: {
    vivo: 'Flujo de avisos que indica a cada pestaña qué listas cambiaron.',
  },
  routes: [vivoRoutes],
};
