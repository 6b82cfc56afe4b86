import type { Conflictos } from '../../db/conflicts.ts';

/** What this area's unique indexes and foreign keys mean to the user (db/conflicts.ts). */
export const conflictos: Conflictos = {
  referencias: {
    desarrollos_empresa_id_empresas_id_fk: {
      tabla: 'desarrollos',
      campo: 'empresa_id',
      falta: 'El cliente elegido no existe',
      enUso: 'El cliente tiene desarrollos; quíteselos o elimínelos primero',
    },
    desarrollos_producto_id_productos_id_fk: {
      tabla: 'desarrollos',
      campo: 'producto_id',
      falta: 'El producto elegido no existe',
      enUso: 'El producto tiene desarrollos',
    },
    desarrollos_responsable_id_personas_id_fk: {
      tabla: 'desarrollos',
      campo: 'responsable_id',
      falta: 'El responsable elegido no existe',
      enUso: 'La persona es responsable de desarrollos; reasígnelos primero',
    },
    desarrollos_version_id_versiones_id_fk: {
      tabla: 'desarrollos',
      campo: 'version_id',
      falta: 'La versión elegida no existe',
      enUso: 'La versión está asignada a desarrollos',
    },
  },
};
