import { actualizacionLote, actualizacionLoteExport } from '@intranet/contract/areas/clientes/actualizaciones';
import { loteRoutes } from '../../../lists/lote.ts';
import { actualizacionesCsv, actualizacionesList, actualizacionesSource, eliminarActualizacion } from './queries.ts';

/**
 * Bulk actions on the client updates list: delete the records (each audited, the servers' versions unchanged, as one by
 * one) and export them.
 */
export const actualizacionesLote = loteRoutes({
  ruta: '/api/actualizaciones',
  tags: ['actualizaciones'],
  ver: 'CLIENTES#VER',
  editar: 'CLIENTES#EDITAR',
  body: actualizacionLote,
  exportBody: actualizacionLoteExport,
  list: actualizacionesList,
  source: actualizacionesSource,
  nombre: (a) => `${a.cliente} · ${a.servidor} ${a.version_hasta}`,
  csv: { nombre: 'actualizaciones', columnas: actualizacionesCsv },
  eliminar: eliminarActualizacion,
});
