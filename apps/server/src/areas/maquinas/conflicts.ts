import type { Conflictos } from '../../db/conflicts.ts';

/** What this area's unique indexes and foreign keys mean to the user (db/conflicts.ts). */
export const conflictos: Conflictos = {
  unicos: {
    maquinas_nombre_uq: { campo: 'nombre', mensaje: 'Ya existe una máquina con ese nombre' },
    maquinas_inventario_uq: { campo: 'nro_inventario', mensaje: 'Ya existe una máquina con ese número de inventario' },
    maquina_asignaciones_abierta_uq: {
      campo: 'persona_id',
      mensaje: 'La máquina ya está asignada; devuélvala primero',
    },
  },
  referencias: {
    maquina_asignaciones_persona_id_personas_id_fk: {
      tabla: 'maquina_asignaciones',
      campo: 'persona_id',
      falta: 'La persona elegida no existe',
      enUso: 'La persona figura en asignaciones de máquinas; se desactiva en lugar de eliminarse',
    },
    maquina_asignaciones_maquina_id_maquinas_id_fk: {
      tabla: 'maquina_asignaciones',
      campo: 'maquina_id',
      falta: 'La máquina no existe',
      enUso: 'La máquina tiene historial de asignaciones',
    },
  },
};
