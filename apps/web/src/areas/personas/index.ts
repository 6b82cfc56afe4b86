import { IconUsers } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Personas: people and contacts, their accounts and the roles. */
export const personas: AreaDescriptor = {
  name: 'personas',
  routes: [{ path: 'personas/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.PersonasRoutes })) }],
  menu: [
    {
      section: 'PHYSIS',
      item: { text: 'Personas', icon: IconUsers, link: '/personas', accion: 'PHY-PER#TODO' },
    },
  ],
  palette: [
    { text: 'Personas', link: '/personas', accion: 'PHY-PER#TODO', keywords: ['contactos', 'empleados'], goKey: 'p' },
    { text: 'Nueva persona', link: '/personas/nueva', accion: 'PHY-PER#TODO', keywords: ['alta'] },
    { text: 'Roles', link: '/personas/roles', accion: 'USUARIOS#ADMIN', keywords: ['permisos', 'usuarios'] },
    { text: 'Nuevo rol', link: '/personas/roles/nuevo', accion: 'USUARIOS#ADMIN', keywords: ['permisos'] },
  ],
};
