import type { AreaContrato } from '@intranet/contract/shared/area';

/** Productos: the products the company makes. */
export const area = {
  nombre: 'productos',
  permisos: {
    'PROD#VER': {
      area: 'Soluciones',
      descripcion: 'Ver productos y reportes',
      pantalla: { nombre: 'Productos', ruta: '/soluciones/productos' },
      ejemplo: '/api/productos',
    },
    'PROD#EDITAR': {
      area: 'Soluciones',
      descripcion: 'Crear, modificar y eliminar productos',
      pantalla: { nombre: 'Nuevo producto', ruta: '/soluciones/productos/nuevo' },
    },
  },
  busqueda: [{ tipo: 'productos', nombre: 'Productos', alias: [] }],
  vistas: { productos: 'PROD#VER' },
  vivas: ['productos'],
} as const satisfies AreaContrato;
