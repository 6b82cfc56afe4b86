import type { AreaDescriptor } from '../../area.ts';
import { busquedaServidores, busquedaDns } from './busqueda.ts';
import { conflictos } from './conflicts.ts';
import { DNS_LIST_TABLAS } from './dns/queries.ts';
import { dnsAuditoria, dnsRoutes } from './dns/routes.ts';
import { servidoresAuditoria, servidoresRoutes } from './routes.ts';
import { seedServers } from './seed.ts';
import { dnsLoteRoutes } from './dns/lote.ts';
import { servidoresLote } from './lote.ts';
import { dnsImportacion, servidoresImportacion } from './importacion.ts';
import { importacionRoutes } from '../../lists/importacion/routes.ts';

/** Servidores: the company's own servers, with their DNS service (dns/). */
export const servidores: AreaDescriptor = {
  name: 'servidores',
  documentacion: {
    servidores: 'Servidores propios de la empresa: datos, estado y entradas DNS de cada uno.',
    dns: 'Servicio DNS: las entradas de todos los servidores, su búsqueda y su resolución.',
    direcciones: 'Direcciones (DNS, puerto y ruta) de cada entrada DNS, con su comprobación de alcance.',
  },
  routes: [
    servidoresRoutes,
    dnsRoutes,
    servidoresLote,
    dnsLoteRoutes,
    importacionRoutes(servidoresImportacion),
    importacionRoutes(dnsImportacion),
  ],
  permisos: ['SER#VER', 'SER#EDITAR', '>SERDNS#VER', 'SERDNS#EDITAR'],
  auditoria: { ...servidoresAuditoria, ...dnsAuditoria },
  conflictos,
  seed: seedServers,
  busqueda: [busquedaServidores, busquedaDns],
  vivas: [
    { lista: 'servidores', permiso: 'SER#VER', tablas: ['servidores', 'dns', 'direcciones'] },
    { lista: 'dns', permiso: '>SERDNS#VER', tablas: DNS_LIST_TABLAS },
  ],
};
