import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    inicio: bigint;
  }
}

/** `Server-Timing: app;dur=<ms>` on every /api answer: the server's own share of the time (the bench reads it). */
export function serverTiming(app: FastifyInstance): void {
  app.decorateRequest('inicio', 0n);
  app.addHook('onRequest', async (request) => {
    request.inicio = process.hrtime.bigint();
  });
  app.addHook('onSend', async (request, reply) => {
    if (!isApiRequest(request)) return;
    const ms = Number(process.hrtime.bigint() - request.inicio) / 1e6;
    reply.header('server-timing', `app;dur=${ms.toFixed(2)}`);
  });
}
