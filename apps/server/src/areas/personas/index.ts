import type { AreaDescriptor } from '../../area.ts';
import { busquedaPersonas } from './busqueda.ts';
import { conflictos } from './conflicts.ts';
import { rolesLote } from './roles/lote.ts';
import { rolesAuditoria, rolesRoutes } from './roles/routes.ts';
import { personasAuditoria, personasRoutes } from './routes.ts';
import { seedPersonas } from './seed.ts';
import { usuariosAuditoria, usuariosRoutes } from './usuarios/routes.ts';
import { personasLote } from './lote.ts';
import { personasImportacion } from './importacion.ts';
import { importacionRoutes } from '../../lists/importacion/routes.ts';

/** Personas: the staff, their accounts (usuarios/) and the roles that give permissions (roles/). */
export const personas: AreaDescriptor = {
  name: 'personas',
  documentacion: {
    personas: 'Personas: el personal y los contactos de los clientes, con sus máquinas, clientes y desarrollos.',
    usuarios: 'Cuentas de usuario de las personas: alta, roles, activación y contraseña.',
    roles: 'Roles: conjuntos de permisos con nombre que se asignan a las cuentas.',
  },
  routes: [
    personasRoutes,
    usuariosRoutes,
    rolesRoutes,
    rolesLote,
    personasLote,
    importacionRoutes(personasImportacion),
  ],
  permisos: ['PHY-PER#TODO', 'PHY-MAQ#TODO', 'USUARIOS#ADMIN'],
  auditoria: { ...personasAuditoria, ...usuariosAuditoria, ...rolesAuditoria },
  conflictos,
  seed: seedPersonas,
  busqueda: [busquedaPersonas],
  // A person's row shows their account and how many machines they hold.
  vivas: [{ lista: 'personas', permiso: 'PHY-PER#TODO', tablas: ['personas', 'usuarios', 'maquina_asignaciones'] }],
};
