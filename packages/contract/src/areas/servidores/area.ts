import type { AreaContrato } from '@intranet/contract/shared/area';

/** Servidores propios, and the Servicio DNS of their entries (servidores/dns.ts). */
export const area = {
  nombre: 'servidores',
  permisos: {
    '>SERDNS#VER': {
      area: 'Servicio DNS',
      descripcion: 'Ver las entradas DNS y las direcciones',
      pantalla: { nombre: 'Servicio DNS', ruta: '/dns' },
      ejemplo: '/api/dns',
    },
    'SERDNS#EDITAR': { area: 'Servicio DNS', descripcion: 'Crear, modificar y eliminar entradas DNS y direcciones' },
    'SER#VER': {
      area: 'Técnica',
      descripcion: 'Ver servidores propios, desarrollos y el monitor de errores',
      pantalla: { nombre: 'Servidores propios', ruta: '/servidores' },
      ejemplo: '/api/servidores',
    },
    'SER#EDITAR': {
      area: 'Técnica',
      descripcion: 'Crear, modificar y eliminar servidores propios',
      pantalla: { nombre: 'Nuevo servidor', ruta: '/servidores/nuevo' },
    },
  },
  busqueda: [
    { tipo: 'servidores', nombre: 'Servidores', alias: ['srv'] },
    { tipo: 'dns', nombre: 'DNS', alias: ['hosts'] },
  ],
  vistas: { servidores: 'SER#VER', dns: '>SERDNS#VER' },
  vivas: ['servidores', 'dns'],
} as const satisfies AreaContrato;
