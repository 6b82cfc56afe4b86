import { aplicacionInput, aplicacionLote, aplicacionLoteExport } from '@intranet/contract/areas/aplicaciones';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import {
  aplicacionDetalle,
  aplicacionesCsv,
  aplicacionesList,
  aplicacionesSource,
  eliminarAplicacion,
  modificarAplicacion,
} from './queries.ts';

/**
 * Bulk actions on the apps list: delete (an app with versions is refused, as one by one), set published or category.
 */
export const aplicacionesLote = loteRoutes({
  ruta: '/api/aplicaciones',
  tags: ['aplicaciones'],
  ver: 'APP#VER',
  editar: 'APP#EDITAR',
  body: aplicacionLote,
  exportBody: aplicacionLoteExport,
  list: aplicacionesList,
  source: aplicacionesSource,
  nombre: (a) => a.nombre,
  csv: { nombre: 'aplicaciones', columnas: aplicacionesCsv },
  eliminar: eliminarAplicacion,
  cambiar: cambioPorEdicion(aplicacionInput, aplicacionDetalle, modificarAplicacion),
});
