import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  entrega,
  entregaParams,
  misAlertas,
  misAlertasInput,
  noLeidas,
  notificacionDetalle,
  notificacionesQuery,
  notificacionesRespuesta,
  notificacionParams,
  rolAlertas,
  rolAlertasInput,
  tareaEncolada,
  tareaParams,
  tareasRespuesta,
  webhook,
  webhookInput,
} from '../alertas.ts';

// The alerts' routes (jobs, the bell, defaults per role, "Mis alertas", webhooks), declared once for the server and
// the web (shared/endpoint.ts).

const BASE = '/api/alertas';

export const alertasApi = {
  tareas: endpoint({
    method: 'GET',
    path: `${BASE}/tareas`,
    summary: 'Tareas programadas: próxima ejecución, las últimas ejecuciones con su duración, resultado y error',
    answer: envelope(tareasRespuesta),
    errors: [400, 401, 403],
  }),
  ejecutarTarea: endpoint({
    method: 'POST',
    path: `${BASE}/tareas/:nombre/ejecutar`,
    summary: 'Ejecutar ahora: pone una ejecución de la tarea en la cola',
    params: tareaParams,
    answer: envelope(tareaEncolada),
    status: 202,
    errors: [400, 401, 403, 404, 409],
  }),
  notificaciones: endpoint({
    method: 'GET',
    path: `${BASE}/notificaciones`,
    summary: 'Mis notificaciones: las últimas y cuántas quedan sin leer',
    query: notificacionesQuery,
    answer: envelope(notificacionesRespuesta),
    errors: [400, 401, 403],
  }),
  notificacion: endpoint({
    method: 'GET',
    path: `${BASE}/notificaciones/:id`,
    summary: 'Una notificación con sus elementos (los que la persona puede ver hoy); la marca leída',
    params: notificacionParams,
    answer: envelope(notificacionDetalle),
    errors: [400, 401, 403, 404],
  }),
  marcarLeida: endpoint({
    method: 'POST',
    path: `${BASE}/notificaciones/:id/leida`,
    summary: 'Marca una notificación como leída',
    params: notificacionParams,
    answer: envelope(noLeidas),
    errors: [400, 401, 403, 404],
  }),
  marcarTodasLeidas: endpoint({
    method: 'POST',
    path: `${BASE}/notificaciones/leidas`,
    summary: 'Marca todas mis notificaciones como leídas',
    answer: envelope(noLeidas),
    errors: [400, 401, 403],
  }),
  roles: endpoint({
    method: 'GET',
    path: `${BASE}/roles`,
    summary:
      'Alertas predeterminadas por rol: los tipos que cada rol puede recibir y sus canales hasta que cada persona elija',
    answer: envelope(z.array(rolAlertas)),
    errors: [400, 401, 403],
  }),
  guardarRol: endpoint({
    method: 'PUT',
    path: `${BASE}/roles/:id`,
    summary: 'Guarda los canales predeterminados de un rol para los tipos enviados (los demás quedan como estaban)',
    params: idParam,
    body: rolAlertasInput,
    answer: envelope(rolAlertas),
    errors: [400, 401, 403, 404],
  }),
  preferencias: endpoint({
    method: 'GET',
    path: `${BASE}/preferencias`,
    summary: 'Mis alertas: por cada tipo de alerta que puedo recibir, si llega por correo y en la campana',
    answer: envelope(misAlertas),
    errors: [400, 401, 403],
  }),
  guardarPreferencias: endpoint({
    method: 'PUT',
    path: `${BASE}/preferencias`,
    summary:
      'Guarda mis alertas: los canales de los tipos enviados (los demás quedan como estaban) y, si se envían, los clientes y proyectos que sigo',
    body: misAlertasInput,
    answer: envelope(misAlertas),
    errors: [400, 401, 403],
  }),
  webhooks: endpoint({
    method: 'GET',
    path: `${BASE}/webhooks`,
    summary: 'Webhooks, con su última entrega',
    answer: envelope(z.array(webhook)),
    errors: [400, 401, 403],
  }),
  crearWebhook: endpoint({
    method: 'POST',
    path: `${BASE}/webhooks`,
    summary: 'Crea un webhook (su secreto de firma se genera)',
    body: webhookInput,
    answer: envelope(webhook),
    status: 201,
    errors: [400, 401, 403],
  }),
  modificarWebhook: endpoint({
    method: 'PUT',
    path: `${BASE}/webhooks/:id`,
    summary: 'Modifica un webhook',
    params: idParam,
    body: webhookInput,
    answer: envelope(webhook),
    errors: [400, 401, 403, 404],
  }),
  eliminarWebhook: endpoint({
    method: 'DELETE',
    path: `${BASE}/webhooks/:id`,
    summary: 'Elimina un webhook y sus entregas',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  entregas: endpoint({
    method: 'GET',
    path: `${BASE}/webhooks/:id/entregas`,
    summary: 'Las últimas 50 entregas de un webhook: estado, código de respuesta, intentos y tiempos',
    params: idParam,
    answer: envelope(z.array(entrega)),
    errors: [400, 401, 403, 404],
  }),
  probarWebhook: endpoint({
    method: 'POST',
    path: `${BASE}/webhooks/:id/probar`,
    summary: 'Envía ya una entrega de prueba y responde cómo terminó',
    params: idParam,
    answer: envelope(entrega),
    errors: [400, 401, 403, 404],
  }),
  reenviarEntrega: endpoint({
    method: 'POST',
    path: `${BASE}/webhooks/:id/entregas/:entrega/reenviar`,
    summary:
      'Vuelve a enviar una entrega (como una entrega nueva con el mismo webhook-id, firmada de nuevo, ya) y responde cómo terminó',
    params: entregaParams,
    answer: envelope(entrega),
    errors: [400, 401, 403, 404],
  }),
};
