import type { AreaDescriptor } from '../../area.ts';
import { auditoriaRoutes } from './routes.ts';
import { retencionAuditoria } from './tareas.ts';

/** Auditoría: the history of every record, read with the permission its area declares. */
export const auditoria: AreaDescriptor = {
  name: 'auditoria',
  documentacion: {
    auditoria: 'Historial de cambios de cada registro: quién, cuándo, qué, antes y después.',
  },
  routes: [auditoriaRoutes],
  tareas: [retencionAuditoria],
};
