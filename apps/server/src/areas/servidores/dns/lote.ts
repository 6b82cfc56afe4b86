import { dnsInput, dnsLote, dnsLoteExport } from '@intranet/contract/areas/servidores/dns';
import { cambioPorEdicion, loteRoutes } from '../../../lists/lote.ts';
import { dnsCsv, dnsDetalle, dnsList, dnsSource, eliminarDnsEntry, modificarDns } from './queries.ts';

/** Bulk actions on the DNS list: delete (with their addresses, as one by one), set active, type or TTL. */
export const dnsLoteRoutes = loteRoutes({
  ruta: '/api/dns',
  tags: ['dns'],
  ver: '>SERDNS#VER',
  editar: 'SERDNS#EDITAR',
  body: dnsLote,
  exportBody: dnsLoteExport,
  list: dnsList,
  source: dnsSource,
  nombre: (d) => d.host,
  csv: { nombre: 'dns', columnas: dnsCsv },
  eliminar: eliminarDnsEntry,
  cambiar: cambioPorEdicion(dnsInput, dnsDetalle, modificarDns),
});
