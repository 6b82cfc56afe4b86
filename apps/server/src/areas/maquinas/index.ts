import { maquinasAlertas } from './alertas.ts';
import type { AreaDescriptor } from '../../area.ts';
import { busquedaMaquinas } from './busqueda.ts';
import { conflictos } from './conflicts.ts';
import { maquinasImportacion } from './importacion.ts';
import { importacionRoutes } from '../../lists/importacion/routes.ts';
import { maquinasLote } from './lote.ts';
import { maquinasAuditoria, maquinasRoutes } from './routes.ts';
import { seedMaquinas } from './seed.ts';

/** Máquinas: the company's computers and who has each one. */
export const maquinas: AreaDescriptor = {
  name: 'maquinas',
  documentacion: {
    maquinas: 'Máquinas de la empresa, su estado y el historial de asignaciones a personas.',
  },
  routes: [maquinasRoutes, maquinasLote, importacionRoutes(maquinasImportacion)],
  permisos: ['PHY-MAQ#TODO'],
  auditoria: maquinasAuditoria,
  conflictos,
  vencimientos: maquinasAlertas,
  seed: seedMaquinas,
  busqueda: [busquedaMaquinas],
  // A machine's row shows its current holder, from the open assignment.
  vivas: [{ lista: 'maquinas', permiso: 'PHY-MAQ#TODO', tablas: ['maquinas', 'maquina_asignaciones', 'personas'] }],
};
