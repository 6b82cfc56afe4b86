import type { AreaContrato } from '@intranet/contract/shared/area';

/** Versiones: the products' versions, their notes and files. */
export const area = {
  nombre: 'versiones',
  permisos: {
    'VERSIONES#EDITAR': {
      area: 'Técnica',
      descripcion: 'Crear, publicar y retirar versiones',
      pantalla: { nombre: 'Nueva versión', ruta: '/versiones/nueva' },
    },
  },
  busqueda: [{ tipo: 'versiones', nombre: 'Versiones', alias: ['releases'] }],
  vistas: { versiones: 'PACKS#VER' },
  vivas: ['versiones'],
} as const satisfies AreaContrato;
