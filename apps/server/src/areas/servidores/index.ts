import type { AreaDescriptor } from '../../core/area.ts';
import { busquedaServidores, busquedaDns } from './busqueda.ts';
import { conflictos } from './conflictos.ts';
import { dnsAuditoria, dnsRoutes } from './dns/routes.ts';
import { servidoresAuditoria, servidoresRoutes } from './routes.ts';
import { seedServers } from './seed.ts';

/** Servidores: the company's own servers, with their DNS service (dns/). */
export const servidores: AreaDescriptor = {
  name: 'servidores',
  routes: [servidoresRoutes, dnsRoutes],
  permisos: ['SER#VER', 'SER#EDITAR', '>SERDNS#VER', 'SERDNS#EDITAR'],
  auditoria: { ...servidoresAuditoria, ...dnsAuditoria },
  conflictos,
  seed: seedServers,
  busqueda: [busquedaServidores, busquedaDns],
};
