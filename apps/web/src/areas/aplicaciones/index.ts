import { IconBrandAndroid } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Aplicaciones (Soluciones): the company's Android apps and their versions. */
export const aplicaciones: AreaDescriptor = {
  name: 'aplicaciones',
  routes: [
    { path: 'soluciones/apk/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.AplicacionesRoutes })) },
  ],
  menu: [
    {
      section: 'SOLUCIONES',
      item: { text: 'Aplicaciones', icon: IconBrandAndroid, link: '/soluciones/apk', accion: 'APP#VER' },
    },
  ],
  palette: [
    { text: 'Aplicaciones', link: '/soluciones/apk', accion: 'APP#VER', keywords: ['apk', 'android'], goKey: 'a' },
    { text: 'Nueva aplicación', link: '/soluciones/apk/nueva', accion: 'APP#EDITAR', keywords: ['apk', 'alta'] },
  ],
};
