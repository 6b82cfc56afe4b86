import type { Conflictos } from '../../db/conflicts.ts';

/** What this area's unique indexes and foreign keys mean to the user (db/conflicts.ts). */
export const conflictos: Conflictos = {
  unicos: {
    versiones_producto_numero_uq: { campo: 'numero', mensaje: 'El producto ya tiene esa versión' },
    version_assets_nombre_uq: { campo: 'nombre', mensaje: 'La versión ya tiene un archivo con ese nombre' },
  },
  referencias: {
    versiones_producto_id_productos_id_fk: {
      tabla: 'versiones',
      campo: 'producto_id',
      falta: 'El producto elegido no existe',
      enUso: 'El producto tiene versiones; retírelas o elimínelas primero',
    },
  },
};
