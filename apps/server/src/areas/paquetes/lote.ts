import { paqueteInput, paqueteLote, paqueteLoteExport } from '@intranet/contract/areas/paquetes';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import { modificarPaquete, paqueteDetalle, paquetesCsv, paquetesListSpec, paquetesSource } from './queries.ts';

/** Bulk actions on the packages list: set the channel, export; a package is retired, never deleted. */
export const paquetesLote = loteRoutes({
  ruta: '/api/paquetes',
  tags: ['paquetes'],
  ver: 'PACKS#VER',
  editar: 'PACKS#EDITAR',
  body: paqueteLote,
  exportBody: paqueteLoteExport,
  list: paquetesListSpec,
  source: paquetesSource,
  nombre: (p) => p.nombre,
  csv: { nombre: 'paquetes', columnas: paquetesCsv },
  cambiar: cambioPorEdicion(paqueteInput, paqueteDetalle, modificarPaquete),
});
