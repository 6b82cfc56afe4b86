import { sitiosAlertas } from './alertas.ts';
import type { AreaDescriptor } from '../../core/area.ts';
import { busquedaSitios } from './busqueda.ts';
import { conflictos } from './conflictos.ts';
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
  routes: [sitiosRoutes, sitiosLote, sitiosVencimientosLote],
  permisos: ['SUBPROD#VER', 'SUBPROD#EDITAR'],
  auditoria: sitiosAuditoria,
  conflictos,
  vencimientos: sitiosAlertas,
  eventos: sitiosEventos,
  tareas: [verificarTodos],
  seed: seedSitios,
  busqueda: [busquedaSitios],
};
