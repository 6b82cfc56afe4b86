import type { Conflictos } from '../../db/conflicts.ts';

/** What this area's unique indexes and foreign keys mean to the user (db/conflicts.ts). */
export const conflictos: Conflictos = {
  unicos: {
    productos_codigo_uq: { campo: 'codigo', mensaje: 'Ya existe un producto con ese código' },
  },
};
