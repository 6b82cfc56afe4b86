import { IconDeviceDesktop } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Máquinas: the inventory of machines and who has each. */
export const maquinas: AreaDescriptor = {
  name: 'maquinas',
  routes: [{ path: 'maquinas/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.MaquinasRoutes })) }],
  menu: [
    {
      section: 'PHYSIS',
      item: { text: 'Maquinas', icon: IconDeviceDesktop, link: '/maquinas', accion: 'PHY-MAQ#TODO' },
    },
  ],
  palette: [
    {
      text: 'Máquinas',
      link: '/maquinas',
      accion: 'PHY-MAQ#TODO',
      keywords: ['inventario', 'notebooks', 'pc'],
      goKey: 'm',
    },
    { text: 'Nueva máquina', link: '/maquinas/nueva', accion: 'PHY-MAQ#TODO', keywords: ['alta'] },
  ],
};
