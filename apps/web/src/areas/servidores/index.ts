import { IconServer, IconWorld } from '@tabler/icons-react';
import type { AreaDescriptor } from '../../core/area.ts';

/** Servidores propios, and the Servicio DNS of their entries (the dns sub-folder). */
export const servidores: AreaDescriptor = {
  name: 'servidores',
  routes: [
    { path: 'servidores/*', lazy: () => import('./routes.tsx').then((m) => ({ Component: m.ServidoresRoutes })) },
    { path: 'dns/*', lazy: () => import('./dns/routes.tsx').then((m) => ({ Component: m.DnsRoutes })) },
  ],
  menu: [
    {
      section: 'SERVICIOS',
      item: { text: 'Servicio DNS', icon: IconWorld, link: '/dns', accion: '>SERDNS#VER' },
    },
    {
      section: 'TECNICA',
      item: { text: 'Servidores propios', icon: IconServer, link: '/servidores', accion: 'SER#VER' },
    },
  ],
  palette: [
    { text: 'Servicio DNS', link: '/dns', accion: '>SERDNS#VER', keywords: ['dominios', 'registros'], goKey: 'd' },
    { text: 'Nueva entrada DNS', link: '/dns/nueva', accion: 'SERDNS#EDITAR', keywords: ['alta', 'dominio'] },
    {
      text: 'Servidores propios',
      link: '/servidores',
      accion: 'SER#VER',
      keywords: ['hosts', 'infraestructura'],
      goKey: 's',
    },
    { text: 'Nuevo servidor', link: '/servidores/nuevo', accion: 'SER#EDITAR', keywords: ['alta'] },
  ],
};
