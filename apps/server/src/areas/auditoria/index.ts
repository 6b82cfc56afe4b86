import type { AreaDescriptor } from '../../core/area.ts';
import { auditoriaRoutes } from './routes.ts';
import { retencionAuditoria } from './tareas.ts';

/** Auditoría: the history of every record, read with the permission its area declares. */
export const auditoria: AreaDescriptor = {
  name: 'auditoria',
  routes: [auditoriaRoutes],
  tareas: [retencionAuditoria],
};
