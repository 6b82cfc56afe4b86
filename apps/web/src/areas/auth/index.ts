import type { AreaDescriptor } from '../../core/area.ts';

/** Ingreso: the API tokens of scripts and the second factor (signing in is the shell's). */
export const auth: AreaDescriptor = {
  name: 'auth',
  routes: [
    { path: 'tokens/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.AuthRoutes })) },
    {
      path: 'segundo-factor/*',
      lazy: () => import('./routes.tsx').then((m) => ({ Component: m.SegundoFactorRoutes })),
    },
    { path: 'directorio/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.DirectorioRoutes })) },
    { path: 'sesiones/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.SesionesRoutes })) },
  ],
  menu: [],
  palette: [
    {
      text: 'Tokens de API de todas las cuentas',
      link: '/tokens/todos',
      accion: 'USUARIOS#ADMIN',
      keywords: ['api', 'token', 'scripts', 'pipeline'],
    },
    {
      text: 'Directorio de la empresa (LDAP): grupos y roles',
      link: '/directorio',
      accion: 'USUARIOS#ADMIN',
      keywords: ['ldap', 'active directory', 'grupos', 'roles'],
    },
    {
      text: 'Segundo factor de las cuentas',
      link: '/segundo-factor/cuentas',
      accion: 'USUARIOS#ADMIN',
      keywords: ['totp', '2fa', 'autenticación', 'roles'],
    },
  ],
};
