import { sitiosAlertas } from './alertas.ts';
import type { AreaDescriptor } from '../../area.ts';
import { busquedaSitios } from './busqueda.ts';
import { conflictos } from './conflicts.ts';
import { sitiosImportacion } from './importacion.ts';
import { importacionRoutes } from '../../lists/importacion/routes.ts';
import { sitiosEventos } from './eventos.ts';
import { sitiosAuditoria, sitiosRoutes } from './routes.ts';
import { seedSitios } from './seed.ts';
import { verificarTodos } from './tareas.ts';
import { sitiosLote, sitiosVencimientosLote } from './lote.ts';

/** Sitios: the websites, their TLS certificates and checks. */
export const sitios: AreaDescriptor = {
  name: 'sitios',
  documentacion: {
    sitios: 'Sitios web, sus certificados TLS, dominios y comprobaciones.',
  },
  routes: [sitiosRoutes, sitiosLote, sitiosVencimientosLote, importacionRoutes(sitiosImportacion)],
  permisos: ['SUBPROD#VER', 'SUBPROD#EDITAR'],
  auditoria: sitiosAuditoria,
  conflictos,
  vencimientos: sitiosAlertas,
  eventos: sitiosEventos,
  tareas: [verificarTodos],
  seed: seedSitios,
  busqueda: [busquedaSitios],
  vivas: [
    { lista: 'sitios', permiso: 'SUBPROD#VER', tablas: ['sitios', 'empresas', 'servidores', 'dns'] },
    // The grid reads the view `sitios_vencimientos`, made of the sites' dates.
    { lista: 'sitios-vencimientos', permiso: 'SUBPROD#VER', tablas: ['sitios', 'empresas'] },
  ],
};
