import { sitioInput, sitioLote, sitioLoteExport, sitioVencimientoLoteExport } from '@intranet/contract/areas/sitios';
import { cambioPorEdicion, loteExportRoutes, loteRoutes } from '../../lists/lote.ts';
import { eliminarSitio, modificarSitio, sitioDetalle, sitiosCsv, sitiosList, sitiosSource } from './queries.ts';
import { sitiosVencimientosCsv, sitiosVencimientosList, sitiosVencimientosSource } from './vencimientos.ts';

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

/**
 * The expiry grid's selection exported with the grid's CSV columns. Its rows are a site's certificate or domain
 * date, so there is nothing of their own to delete or set: that is done on the site.
 */
export const sitiosVencimientosLote = loteExportRoutes({
  ruta: '/api/sitios/vencimientos',
  tags: ['sitios'],
  ver: 'SUBPROD#VER',
  exportBody: sitioVencimientoLoteExport,
  list: sitiosVencimientosList,
  source: sitiosVencimientosSource,
  csv: { nombre: 'vencimientos-sitios', columnas: sitiosVencimientosCsv },
});
