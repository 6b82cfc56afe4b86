import type { AreaContrato } from '@intranet/contract/shared/area';

/** Sitios web: the websites, their certificates and domains, and whether they answer. */
export const area = {
  nombre: 'sitios',
  permisos: {
    'SUBPROD#VER': {
      area: 'Soluciones',
      descripcion: 'Ver sitios web',
      pantalla: { nombre: 'Sitios Webs', ruta: '/soluciones/web' },
      ejemplo: '/api/sitios',
    },
    'SUBPROD#EDITAR': {
      area: 'Soluciones',
      descripcion: 'Crear, modificar y eliminar sitios web',
      pantalla: { nombre: 'Nuevo sitio', ruta: '/soluciones/web/nuevo' },
    },
  },
  busqueda: [{ tipo: 'sitios', nombre: 'Sitios web', alias: ['web'] }],
  vistas: { sitios: 'SUBPROD#VER', 'sitios-vencimientos': 'SUBPROD#VER' },
  vivas: ['sitios', 'sitios-vencimientos'],
  alertas: {
    sitio: { nombre: 'Sitios web: certificado SSL y dominio', de: 'cliente' },
    sitio_falla: { nombre: 'Sitios web que dejan de responder o cambian de certificado', evento: true, de: 'cliente' },
  },
} as const satisfies AreaContrato;
