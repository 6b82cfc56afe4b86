import { versionInput, versionLote, versionLoteExport, type VersionEstado } from '@intranet/contract/areas/versiones';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import {
  cambiarEstado,
  eliminarVersion,
  modificarVersion,
  versionDetalle,
  versionesCsv,
  versionesListSpec,
  versionesSource,
} from './queries.ts';

const editar = cambioPorEdicion(versionInput, versionDetalle, modificarVersion);

/** Bulk actions on the versions list: delete as one by one, publish or retire (the state's own rules), set channel. */
export const versionesLote = loteRoutes({
  ruta: '/api/versiones',
  tags: ['versiones'],
  ver: 'PACKS#VER',
  editar: 'VERSIONES#EDITAR',
  body: versionLote,
  exportBody: versionLoteExport,
  list: versionesListSpec,
  source: versionesSource,
  nombre: (v) => `${v.producto} ${v.numero}`,
  csv: { nombre: 'versiones', columnas: versionesCsv },
  eliminar: eliminarVersion,
  // The contract's body has checked the value against the field's schema.
  cambiar: (db, id, campo, valor, autor) =>
    campo === 'estado' ? cambiarEstado(db, id, valor as VersionEstado, autor) : editar(db, id, campo, valor, autor),
});
