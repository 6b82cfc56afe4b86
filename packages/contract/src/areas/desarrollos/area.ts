import type { AreaContrato } from '@intranet/contract/shared/area';

/** Desarrollos: the development requests and their state changes. */
export const area = {
  nombre: 'desarrollos',
  permisos: {
    'DESARROLLOS#EDITAR': {
      area: 'Técnica',
      descripcion: 'Crear y avanzar desarrollos',
      pantalla: { nombre: 'Nuevo desarrollo', ruta: '/desarrollos/nuevo' },
    },
  },
  busqueda: [{ tipo: 'desarrollos', nombre: 'Desarrollos', alias: ['pedidos'] }],
  vistas: { desarrollos: 'SER#VER' },
  vivas: ['desarrollos'],
} as const satisfies AreaContrato;
