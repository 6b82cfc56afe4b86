import type { AreaContrato } from '@intranet/contract/shared/area';

/** Personas: people and contacts, their user accounts and the roles. */
export const area = {
  nombre: 'personas',
  permisos: {
    'PHY-PER#TODO': {
      area: 'Personas',
      descripcion: 'Ver y administrar personas y contactos',
      pantalla: { nombre: 'Personas', ruta: '/personas' },
      ejemplo: '/api/personas',
    },
    'USUARIOS#ADMIN': {
      area: 'Personas',
      descripcion: 'Administrar cuentas de usuario y roles',
      pantalla: { nombre: 'Roles', ruta: '/personas/roles' },
      ejemplo: '/api/roles',
    },
  },
  busqueda: [{ tipo: 'personas', nombre: 'Personas', alias: ['gente', 'empleados'] }],
  vistas: { personas: 'PHY-PER#TODO', roles: 'USUARIOS#ADMIN' },
  vivas: ['personas'],
} as const satisfies AreaContrato;
