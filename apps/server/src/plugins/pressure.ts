import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { MENSAJES } from '../messages.ts';
import { isApiRequest, sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is a stream that stays open (server-sent events): it is not a call waiting to be answered. */
    continuo?: boolean;
  }
}

/** Seconds a refused client is asked to wait before it tries again. */
export const REINTENTAR_EN_S = 2;

export interface Presion {
  /** API calls being answered at once beyond which new ones are refused (each waits for those before it). */
  maxEnCurso: number;
  /** Queries waiting for a database connection beyond which new calls are refused. */
  maxEnEspera: number;
  /** The event loop's mean delay, in ms, beyond which the process is too busy to take more calls. */
  maxDemoraMs: number;
  /** Heap in use beyond which new calls are refused until garbage collection frees it (keeps RSS bounded). */
  maxHeapBytes: number;
}

/**
 * Under overload every client gets an answer quickly: its call, or at once a 503 with Retry-After, rather than
 * a place in a queue that outlasts its patience. The health check, pages and static files always answer.
 */
export async function pressure(
  app: FastifyInstance,
  limites: Presion,
  /** Queries waiting for a database connection (node-postgres pool). */
  enEspera: () => number = () => 0,
): Promise<void> {
  const { maxEnCurso, maxEnEspera, maxDemoraMs, maxHeapBytes } = limites;
  const vigilarColas = maxEnCurso > 0 || maxEnEspera > 0;
  if (!vigilarColas && maxDemoraMs === 0 && maxHeapBytes === 0) return;
  const sinLimite = (max: number, valor: number) => max === 0 || valor <= max;
  let enCurso = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (maxEnCurso === 0 || !isApiRequest(request) || request.routeOptions.config.continuo) return;
    enCurso += 1;
    // Once, whether the answer was sent or the client went away first.
    reply.raw.once('close', () => {
      enCurso -= 1;
    });
  });
  await app.register(underPressure, {
    maxEventLoopDelay: maxDemoraMs,
    maxHeapUsedBytes: maxHeapBytes,
    sampleInterval: 250,
    retryAfter: REINTENTAR_EN_S,
    // 0 turns a check off.
    // "Healthy" here is "can take one more call": checked often, as the queues it reads change fast.
    ...(vigilarColas ? { healthCheck: async () => sinLimite(maxEnCurso, enCurso) && sinLimite(maxEnEspera, enEspera()), healthCheckInterval: 10 } : {}),
    // Answered here; the hooks after this one see the reply sent and stop.
    pressureHandler: (request, reply) => {
      if (!isApiRequest(request) || request.routeOptions.url === '/api/estado') return;
      void sendError(reply.header('retry-after', String(REINTENTAR_EN_S)), 503, MENSAJES.ocupado);
    },
  });
}
