import type { AreaContrato } from '@intranet/contract/shared/area';

/** AppsStore: the app store and its settings. */
export const area = {
  nombre: 'appsstore',
  permisos: {
    'APPSSTORE#CONFIG': {
      area: 'AppsStore',
      descripcion: 'Ver y configurar la tienda de aplicaciones',
      pantalla: { nombre: 'AppsStore', ruta: '/appsstore' },
      ejemplo: '/api/appsstore/config',
    },
  },
} as const satisfies AreaContrato;
