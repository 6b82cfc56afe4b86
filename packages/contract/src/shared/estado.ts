import { z } from 'zod';
import { envelope } from './envelope.ts';

/** `GET {api}/api/estado` (public): the running version; in maintenance every /api call answers 503. */
export const estado = z.object({ version: z.string() });
export const estadoResponse = envelope(estado);

/** `GET /healthz` and `GET /readyz` (public, outside /api): for a proxy or an orchestrator, not in the envelope. */
export const saludResponse = z.object({
  estado: z.enum(['ok', 'no_listo']),
  /** Why the process is not ready, in Spanish (empty when it is). */
  problemas: z.array(z.string()),
});
