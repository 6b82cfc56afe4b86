import type { AreaDescriptor } from '../../core/area.ts';

/** Ingreso: the API tokens of scripts (signing in is the shell's). */
export const auth: AreaDescriptor = {
  name: 'auth',
  routes: [{ path: 'tokens/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.AuthRoutes })) }],
  menu: [],
  palette: [{ text: 'Tokens de API de todas las cuentas', link: '/tokens/todos', accion: 'USUARIOS#ADMIN', keywords: ['api', 'token', 'scripts', 'pipeline'] }],
};
