import type { AreaDescriptor } from '../../area.ts';
import { ENTIDAD_GRUPO } from './grupos.ts';
import { identityRoutes } from './identity-routes.ts';
import { authLote } from './lote.ts';
import { authRoutes } from './routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { seedAuth } from './seed.ts';
import { ENTIDAD_TOKEN } from './tokens.ts';

/** Ingreso: signing in and out, the session and the own password, and the API tokens of scripts. */
export const auth: AreaDescriptor = {
  name: 'auth',
  documentacion: {
    auth: 'Ingreso: inicio y cierre de sesión, permisos, contraseña propia y tokens de API.',
  },
  routes: [authRoutes, sessionRoutes, identityRoutes, authLote],
  permisos: ['USUARIOS#ADMIN'],
  auditoria: { [ENTIDAD_TOKEN]: 'USUARIOS#ADMIN', [ENTIDAD_GRUPO]: 'USUARIOS#ADMIN' },
  // Two links of one identity at once (a race past the check): the second is told so.
  conflictos: {
    unicos: { identidades_externas_uq: { campo: 'sujeto', mensaje: 'Esa identidad ya está vinculada a una cuenta' } },
  },
  seed: seedAuth,
};
