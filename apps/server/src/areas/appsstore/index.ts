import type { AreaDescriptor } from '../../area.ts';
import { appsstoreAuditoria, appsstoreRoutes } from './routes.ts';
import { seedAppsstore } from './seed.ts';

/** The app store: its public catalogue and downloads, and its settings. */
export const appsstore: AreaDescriptor = {
  name: 'appsstore',
  documentacion: {
    store: 'Catálogo público de la tienda de aplicaciones, índice F-Droid y descargas.',
    appsstore: 'Configuración de la tienda de aplicaciones.',
  },
  routes: [appsstoreRoutes],
  permisos: ['APPSSTORE#CONFIG'],
  auditoria: appsstoreAuditoria,
  seed: seedAppsstore,
};
