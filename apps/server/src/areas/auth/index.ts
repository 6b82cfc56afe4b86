import type { AreaDescriptor } from '../../core/area.ts';
import { authRoutes } from './routes.ts';

/** Ingreso: signing in and out, the session and the own password. */
export const auth: AreaDescriptor = {
  name: 'auth',
  routes: [authRoutes],
};
