import { IconBuildingStore } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** AppsStore: the app store's configuration, catalogue and history. */
export const appsstore: AreaDescriptor = {
  name: 'appsstore',
  routes: [{ path: 'appsstore/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.AppsStoreRoutes })) }],
  menu: [
    {
      section: 'SERVICIOS',
      item: { text: 'AppsStore', icon: IconBuildingStore, link: '/appsstore', accion: 'APPSSTORE#CONFIG' },
    },
  ],
  palette: [
    {
      text: 'AppsStore',
      link: '/appsstore',
      accion: 'APPSSTORE#CONFIG',
      keywords: ['tienda', 'configuración'],
      goKey: 't',
    },
    {
      text: 'Catálogo de la tienda',
      link: '/appsstore/catalogo',
      accion: 'APPSSTORE#CONFIG',
      keywords: ['aplicaciones publicadas'],
    },
    { text: 'Historial de la tienda', link: '/appsstore/historial', accion: 'APPSSTORE#CONFIG', keywords: ['cambios'] },
  ],
};
