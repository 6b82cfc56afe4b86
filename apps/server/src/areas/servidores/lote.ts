import { servidorInput, servidorLote, servidorLoteExport } from '@intranet/contract/areas/servidores';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import {
  eliminarServidor,
  modificarServidor,
  servidorDetalle,
  servidoresCsv,
  servidoresList,
  servidoresSource,
} from './queries.ts';

/**
 * Bulk actions on the servers list: delete (a server with DNS entries is refused, as its single delete without
 * cascade), set state, provider or role.
 */
export const servidoresLote = loteRoutes({
  ruta: '/api/servidores',
  tags: ['servidores'],
  ver: 'SER#VER',
  editar: 'SER#EDITAR',
  body: servidorLote,
  exportBody: servidorLoteExport,
  list: servidoresList,
  source: servidoresSource,
  nombre: (s) => s.nombre,
  csv: { nombre: 'servidores', columnas: servidoresCsv },
  eliminar: (db, id, autor) => eliminarServidor(db, id, false, autor),
  cambiar: cambioPorEdicion(servidorInput, servidorDetalle, modificarServidor),
});
