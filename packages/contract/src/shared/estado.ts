import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope } from './envelope.ts';

/** `GET {api}/api/estado` (public): the running version; in maintenance every /api call answers 503. */
export const estado = z.object({ version: z.string() });
export const estadoResponse = envelope(estado);

export const estadoApi = {
  version: endpoint({
    method: 'GET',
    path: '/api/estado',
    summary: 'Estado del servidor',
    answer: estadoResponse,
    errors: [503],
  }),
  /**
   * For a script or a monitor holding a token: the token still works and the database answers. It is also the
   * floor every list pays (the session check and one query through the pool), which the benches compare with.
   */
  sesion: endpoint({
    method: 'GET',
    path: '/api/estado/sesion',
    summary: 'Comprueba la sesión o el token y que la base de datos responde',
    answer: estadoResponse,
    errors: [401, 503],
  }),
};

/** `GET /healthz` and `GET /readyz` (public, outside /api): for a proxy or an orchestrator, not in the envelope. */
export const saludResponse = z.object({
  estado: z.enum(['ok', 'no_listo']),
  /** Why the process is not ready, in Spanish (empty when it is). */
  problemas: z.array(z.string()),
});
