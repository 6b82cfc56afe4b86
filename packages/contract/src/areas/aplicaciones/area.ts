import type { AreaContrato } from '@intranet/contract/shared/area';

/** Aplicaciones: the mobile apps and their published versions. */
export const area = {
  nombre: 'aplicaciones',
  permisos: {
    'APP#VER': {
      area: 'Soluciones',
      descripcion: 'Ver aplicaciones y sus versiones',
      pantalla: { nombre: 'Aplicaciones', ruta: '/soluciones/apk' },
      ejemplo: '/api/aplicaciones',
    },
    'APP#EDITAR': {
      area: 'Soluciones',
      descripcion: 'Crear aplicaciones y publicar sus versiones',
      pantalla: { nombre: 'Nueva aplicación', ruta: '/soluciones/apk/nueva' },
    },
  },
  busqueda: [{ tipo: 'aplicaciones', nombre: 'Aplicaciones', alias: ['apk', 'apps'] }],
  vistas: { aplicaciones: 'APP#VER' },
  vivas: ['aplicaciones'],
} as const satisfies AreaContrato;
