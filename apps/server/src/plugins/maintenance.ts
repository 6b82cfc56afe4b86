import type { FastifyInstance } from 'fastify';
import { MENSAJES } from '../messages.ts';
import { isApiRequest, sendError } from './errors.ts';

/** MAINTENANCE=1: every API call answers 503 (the web shows /maintenance); files and config.json still load. */
export function maintenance(app: FastifyInstance, enabled: boolean): void {
  if (!enabled) return;
  app.addHook('onRequest', async (request, reply) => {
    // Preflights still pass, so the browser can read the 503 itself.
    if (request.method !== 'OPTIONS' && isApiRequest(request)) return sendError(reply, 503, MENSAJES.mantenimiento);
  });
}
