import { sitioInput, sitioLote, sitioLoteExport } from '@intranet/contract/sitios';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import { eliminarSitio, modificarSitio, sitioDetalle, sitiosCsv, sitiosList, sitiosSource } from './queries.ts';

/** Bulk actions on the sites list: delete, set state or registrar. */
export const sitiosLote = loteRoutes({
  ruta: '/api/sitios',
  tags: ['sitios'],
  ver: 'SUBPROD#VER',
  editar: 'SUBPROD#EDITAR',
  body: sitioLote,
  exportBody: sitioLoteExport,
  list: sitiosList,
  source: sitiosSource,
  nombre: (s) => s.nombre,
  csv: { nombre: 'sitios', columnas: sitiosCsv },
  eliminar: eliminarSitio,
  cambiar: cambioPorEdicion(sitioInput, sitioDetalle, modificarSitio),
});
