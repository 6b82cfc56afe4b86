import type { AreaContrato } from '@intranet/contract/shared/area';

/** Clientes: companies, their installations, AFIP and Physis expiries and updates. */
export const area = {
  nombre: 'clientes',
  permisos: {
    'CLIENTES#VER': {
      area: 'Clientes',
      descripcion: 'Ver clientes, sus servidores, instalaciones, vencimientos y actualizaciones',
      pantalla: { nombre: 'Clientes', ruta: '/clientes/lista' },
      ejemplo: '/api/empresas',
    },
    'CLIENTES#EDITAR': {
      area: 'Clientes',
      descripcion: 'Crear, modificar y eliminar clientes y sus datos',
      pantalla: { nombre: 'Nuevo cliente', ruta: '/clientes/nuevo' },
    },
    'CLIENTES#CERTIFICADOS': {
      area: 'Clientes',
      descripcion: 'Descargar la clave privada y el certificado AFIP de un cliente (.p12 o PEM)',
    },
  },
  busqueda: [{ tipo: 'clientes', nombre: 'Clientes', alias: ['empresas'] }],
  vistas: {
    clientes: 'CLIENTES#VER',
    'vencimientos-afip': 'CLIENTES#VER',
    'vencimientos-physis': 'CLIENTES#VER',
    actualizaciones: 'CLIENTES#VER',
  },
  vivas: ['clientes', 'vencimientos-afip', 'vencimientos-physis', 'actualizaciones'],
  alertas: {
    certificado: { nombre: 'Certificados AFIP', de: 'cliente' },
    punto_venta: { nombre: 'Puntos de venta (CAI)', de: 'cliente' },
    licencia: { nombre: 'Licencias Physis', de: 'cliente' },
  },
} as const satisfies AreaContrato;
