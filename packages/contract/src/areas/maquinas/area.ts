import type { AreaContrato } from '@intranet/contract/shared/area';

/** Máquinas: the inventory of machines and who has each. */
export const area = {
  nombre: 'maquinas',
  permisos: {
    'PHY-MAQ#TODO': {
      area: 'Máquinas',
      descripcion: 'Ver y administrar el inventario de máquinas y sus asignaciones',
      pantalla: { nombre: 'Máquinas', ruta: '/maquinas' },
      ejemplo: '/api/maquinas',
    },
  },
  busqueda: [{ tipo: 'maquinas', nombre: 'Máquinas', alias: ['inventario', 'equipos'] }],
  vistas: { maquinas: 'PHY-MAQ#TODO' },
  vivas: ['maquinas'],
  alertas: {
    garantia: { nombre: 'Garantías de máquinas' },
  },
} as const satisfies AreaContrato;
