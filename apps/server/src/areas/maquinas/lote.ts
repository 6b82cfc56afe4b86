import { maquinaInput, maquinaLote, maquinaLoteExport } from '@intranet/contract/areas/maquinas';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import {
  eliminarMaquina,
  maquinaDetalle,
  maquinasCsv,
  maquinasList,
  maquinasSource,
  modificarMaquina,
} from './queries.ts';

/** Bulk actions on the machines list: delete (a machine with history is refused, as one by one), set state or place. */
export const maquinasLote = loteRoutes({
  ruta: '/api/maquinas',
  tags: ['maquinas'],
  ver: 'PHY-MAQ#TODO',
  editar: 'PHY-MAQ#TODO',
  body: maquinaLote,
  exportBody: maquinaLoteExport,
  list: maquinasList,
  source: maquinasSource,
  nombre: (m) => m.nombre,
  csv: { nombre: 'maquinas', columnas: maquinasCsv },
  eliminar: eliminarMaquina,
  cambiar: cambioPorEdicion(maquinaInput, maquinaDetalle, modificarMaquina),
});
