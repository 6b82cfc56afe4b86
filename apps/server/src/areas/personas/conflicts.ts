import type { Conflictos } from '../../db/conflicts.ts';

/** What this area's unique indexes and foreign keys mean to the user (db/conflicts.ts). */
export const conflictos: Conflictos = {
  unicos: {
    personas_legajo_uq: { campo: 'legajo', mensaje: 'Ya existe una persona con ese legajo' },
    usuarios_usuario_uq: { campo: 'usuario', mensaje: 'Ya existe una cuenta con ese usuario' },
    usuarios_email_uq: { campo: 'usuario', mensaje: 'Otra cuenta ya usa el email de esta persona' },
    usuarios_persona_uq: { campo: 'persona_id', mensaje: 'La persona ya tiene una cuenta de usuario' },
    roles_nombre_unique: { campo: 'nombre', mensaje: 'Ya existe un rol con ese nombre' },
  },
  referencias: {
    personas_empresa_id_empresas_id_fk: {
      tabla: 'personas',
      campo: 'empresa_id',
      falta: 'La empresa elegida no existe',
      enUso: 'El cliente tiene contactos (personas); quíteles la empresa o elimínelos primero',
    },
    personas_responsable_id_personas_id_fk: {
      tabla: 'personas',
      campo: 'responsable_id',
      falta: 'El responsable elegido no existe',
      enUso: 'La persona es responsable de otras personas',
    },
    usuarios_persona_id_personas_id_fk: {
      tabla: 'usuarios',
      campo: 'persona_id',
      falta: 'La persona no existe',
      enUso: 'La persona tiene una cuenta de usuario; se desactiva en lugar de eliminarse',
    },
    usuario_roles_rol_id_roles_id_fk: {
      tabla: 'usuario_roles',
      campo: 'roles',
      falta: 'Algún rol elegido no existe',
      enUso: 'El rol está asignado a cuentas',
    },
  },
};
