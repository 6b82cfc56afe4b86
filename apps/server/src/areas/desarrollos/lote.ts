import {
  desarrolloInput,
  desarrolloLote,
  desarrolloLoteExport,
  type DesarrolloEstado,
} from '@intranet/contract/areas/desarrollos';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import { eliminarDesarrollo, modificarDesarrollo, moverDesarrollo } from './cambios.ts';
import { desarrolloDetalle, desarrollosCsv, desarrollosList, desarrollosSource } from './queries.ts';

const editar = cambioPorEdicion(desarrolloInput, desarrolloDetalle, modificarDesarrollo);

/**
 * Bulk actions on the developments list: delete, move to a state as the board does (its rules refuse per row),
 * set priority.
 */
export const desarrollosLote = loteRoutes({
  ruta: '/api/desarrollos',
  tags: ['desarrollos'],
  ver: 'SER#VER',
  editar: 'DESARROLLOS#EDITAR',
  body: desarrolloLote,
  exportBody: desarrolloLoteExport,
  list: desarrollosList,
  source: desarrollosSource,
  nombre: (d) => d.titulo,
  csv: { nombre: 'desarrollos', columnas: desarrollosCsv },
  eliminar: eliminarDesarrollo,
  // The contract's body has checked the value against the field's schema.
  cambiar: (db, id, campo, valor, autor) =>
    campo === 'estado'
      ? moverDesarrollo(db, id, valor as DesarrolloEstado, autor)
      : editar(db, id, campo, valor, autor),
});
