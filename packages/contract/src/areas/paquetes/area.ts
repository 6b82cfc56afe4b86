import type { AreaContrato } from '@intranet/contract/shared/area';

/** Paquetes: the installer packages. */
export const area = {
  nombre: 'paquetes',
  permisos: {
    'PACKS#VER': {
      area: 'Técnica',
      descripcion: 'Ver paquetes de instalación y versiones',
      pantalla: { nombre: 'Paquetes de instalación', ruta: '/instaladores' },
      ejemplo: '/api/paquetes',
    },
    'PACKS#EDITAR': { area: 'Técnica', descripcion: 'Subir y eliminar paquetes de instalación' },
  },
  busqueda: [{ tipo: 'paquetes', nombre: 'Paquetes', alias: ['instaladores'] }],
  vistas: { paquetes: 'PACKS#VER' },
  vivas: ['paquetes'],
} as const satisfies AreaContrato;
