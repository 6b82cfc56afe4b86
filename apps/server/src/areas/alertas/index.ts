import type { AreaDescriptor } from '../../area.ts';
import { envios, escaneoEventos, escaneoVencimientos } from './escaneo.ts';
import { retencionEntregas } from './retencion.ts';
import { alertasLote } from './lote.ts';
import { ENTIDAD_ROL } from './roles.ts';
import { alertasRoutes } from './routes.ts';
import { seedAlertas } from './seed.ts';
import { ENTIDAD_WEBHOOK } from './webhooks.ts';

/** Alertas: the scheduled jobs, the expiry scan and what it tells people (the bell, e-mail). */
export const alertas: AreaDescriptor = {
  name: 'alertas',
  documentacion: {
    alertas: 'Alertas: vencimientos y eventos avisados por la campana, correo y webhooks.',
  },
  routes: [alertasRoutes, alertasLote],
  permisos: ['ALERTAS#ADMIN'],
  tareas: [escaneoVencimientos, escaneoEventos, envios, retencionEntregas],
  auditoria: { [ENTIDAD_WEBHOOK]: 'ALERTAS#ADMIN', [ENTIDAD_ROL]: 'ALERTAS#ADMIN' },
  seed: seedAlertas,
  // Everyone reads their own notifications: a change to anyone's tells every open list to read its own again.
  vivas: [{ lista: 'notificaciones', permiso: 'session', tablas: ['notificaciones'] }],
};
