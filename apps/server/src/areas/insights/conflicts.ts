import type { Conflictos } from '../../db/conflicts.ts';

/** What this area's unique indexes and foreign keys mean to the user (db/conflicts.ts). */
export const conflictos: Conflictos = {
  unicos: {
    insights_proyectos_slug_uq: { campo: 'slug', mensaje: 'Ya existe un proyecto con ese slug' },
  },
};
