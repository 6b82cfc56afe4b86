import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope } from '@intranet/contract/shared/envelope';
import { MAX_ID } from '@intranet/contract/shared/list';

// ---- Monitor de errores: attachments. The files an SDK attaches to an event (`scope.addAttachment`: a log file,
// a screenshot, a minidump), kept in the portal's file store and listed and downloaded on their event. ----

/** The largest attachment kept: a larger one refuses its envelope with 413, as Sentry does. */
export const ADJUNTO_MAX_BYTES = 20 * 1024 * 1024;
/** The most an event's attachments may weigh together. */
export const ADJUNTOS_MAX_POR_EVENTO = 40 * 1024 * 1024;

const id = z.coerce
  .number({ error: 'Id inválido' })
  .int('Id inválido')
  .positive('Id inválido')
  .max(MAX_ID, 'Id inválido');

/** `/api/insights/issues/:id/eventos/:evento/adjuntos`: an issue and one of its events, by event_id. */
export const adjuntosParams = z
  .object({ id, evento: z.string().regex(/^[0-9a-f]{32}$/, 'Id de evento inválido') })
  .strict();

export const adjuntoParams = adjuntosParams
  .extend({
    adjunto: z.coerce
      .number({ error: 'Id inválido' })
      .int('Id inválido')
      .positive('Id inválido')
      .max(Number.MAX_SAFE_INTEGER, 'Id inválido'),
  })
  .strict();

export const adjunto = z.object({
  id: z.number().int(),
  nombre: z.string(),
  /** The content type the SDK declared (the download goes as application/octet-stream regardless). */
  tipo: z.string(),
  /** Sentry's attachment_type: event.attachment, event.minidump, event.view_hierarchy... */
  clase: z.string(),
  tamano: z.number().int(),
  recibido: z.string(),
});
export type Adjunto = z.infer<typeof adjunto>;

const ISSUES = '/api/insights/issues';
const missing = [400, 401, 403, 404] as const;

export const insightsAdjuntosApi = {
  adjuntos: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id/eventos/:evento/adjuntos`,
    summary: 'Adjuntos de un evento (scope.addAttachment), en el orden en que llegaron',
    params: adjuntosParams,
    answer: envelope(z.array(adjunto)),
    errors: missing,
  }),
  descargarAdjunto: endpoint({
    method: 'GET',
    path: `${ISSUES}/:id/eventos/:evento/adjuntos/:adjunto`,
    summary: 'Descarga un adjunto de un evento (siempre como archivo, nunca mostrado en el navegador)',
    params: adjuntoParams,
    produces: ['application/octet-stream'],
    errors: missing,
  }),
};
