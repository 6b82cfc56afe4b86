import type { AreaContrato } from '@intranet/contract/shared/area';

/** Monitor de errores: projects, issues and their events. */
export const area = {
  nombre: 'insights',
  permisos: {
    'INSIGHTS#EDITAR': {
      area: 'Técnica',
      descripcion: 'Resolver, ignorar y asignar errores; administrar proyectos del monitor',
      pantalla: { nombre: 'Nuevo proyecto del monitor', ruta: '/insights/proyectos/nuevo' },
    },
  },
  busqueda: [{ tipo: 'insights', nombre: 'Monitor de errores', alias: ['errores', 'issues', 'monitor'] }],
  vistas: { 'insights-issues': 'SER#VER' },
  vivas: ['insights-issues'],
  alertas: {
    monitor: { nombre: 'Monitor de errores: errores nuevos, regresiones y picos', evento: true, de: 'proyecto' },
  },
} as const satisfies AreaContrato;
