import type { AreaContrato } from '@intranet/contract/shared/area';

/** Alertas: the scheduled jobs, the notifications (the bell), the webhooks and who is told what. */
export const area = {
  nombre: 'alertas',
  permisos: {
    'ALERTAS#ADMIN': {
      area: 'Alertas',
      descripcion: 'Ver y ejecutar las tareas programadas; administrar webhooks y las alertas de cada rol',
      pantalla: { nombre: 'Tareas programadas', ruta: '/alertas/tareas' },
      ejemplo: '/api/alertas/tareas',
    },
  },
  vivas: ['notificaciones'],
  alertas: {
    tarea: { nombre: 'Tareas programadas que fallan', evento: true },
  },
} as const satisfies AreaContrato;
