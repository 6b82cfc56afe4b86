import { maquinasAlertas } from './alertas.ts';
import type { AreaDescriptor } from '../../core/area.ts';
import { busquedaMaquinas } from './busqueda.ts';
import { conflictos } from './conflictos.ts';
import { maquinasAuditoria, maquinasRoutes } from './routes.ts';
import { seedMaquinas } from './seed.ts';

/** Máquinas: the company's computers and who has each one. */
export const maquinas: AreaDescriptor = {
  name: 'maquinas',
  documentacion: {
    maquinas: 'Máquinas de la empresa, su estado y el historial de asignaciones a personas.',
  },
  routes: [maquinasRoutes],
  permisos: ['PHY-MAQ#TODO'],
  auditoria: maquinasAuditoria,
  conflictos,
  vencimientos: maquinasAlertas,
  seed: seedMaquinas,
  busqueda: [busquedaMaquinas],
};
