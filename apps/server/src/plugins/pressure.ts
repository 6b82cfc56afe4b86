import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Calls that are never refused: the health check, pages and static files, and streams that stay open. */
const vigilada = (request: FastifyRequest) =>
  isApiRequest(request) && request.routeOptions.url !== '/api/estado' && !request.routeOptions.config.continuo;

function rechazar(reply: FastifyReply): void {
  void sendError(reply.header('retry-after', String(REINTENTAR_EN_S)), 503, MENSAJES.ocupado);
}

/**
 * Under overload every client gets an answer quickly: its call, or at once a 503 with Retry-After, rather than
 * a place in a queue that outlasts its patience. The health check, pages and static files always answer.
 *
 * The queues (calls in course, queries waiting for a connection) are read as each call arrives, so no more than
 * `maxEnCurso` calls are ever let in: a sampled check lets every call that arrives between two samples in, and
 * those wait behind each other (the p99 of the calls let in was 2–4 s at 200 connections with it). The event
 * loop's delay and the heap change slowly and cost something to read: `@fastify/under-pressure` samples them.
 */
export async function pressure(
  app: FastifyInstance,
  limites: Presion,
  /** Queries waiting for a database connection (node-postgres pool). */
  enEspera: () => number = () => 0,
): Promise<void> {
  const { maxEnCurso, maxEnEspera, maxDemoraMs, maxHeapBytes } = limites;
  if (maxEnCurso > 0 || maxEnEspera > 0) {
    let enCurso = 0;
    app.addHook('onRequest', async (request, reply) => {
      if (!vigilada(request)) return;
      if ((maxEnCurso > 0 && enCurso >= maxEnCurso) || (maxEnEspera > 0 && enEspera() > maxEnEspera)) {
        rechazar(reply);
        return reply;
      }
      enCurso += 1;
      // Once, whether the answer was sent or the client went away first.
      reply.raw.once('close', () => {
        enCurso -= 1;
      });
    });
  }
  if (maxDemoraMs === 0 && maxHeapBytes === 0) return;
  await app.register(underPressure, {
    // 0 turns a check off.
    maxEventLoopDelay: maxDemoraMs,
    maxHeapUsedBytes: maxHeapBytes,
    sampleInterval: 250,
    retryAfter: REINTENTAR_EN_S,
    // Only measures: the hook below answers. A reply sent from here would not stop the hooks after it (the
    // plugin goes on to the next once its handler returns), and the next one would answer the call a second time.
    pressureHandler: () => undefined,
  });
  const heapExcedido = memoriaViva(maxHeapBytes);
  app.addHook('onRequest', async (request, reply) => {
    if (!vigilada(request)) return;
    const { eventLoopDelay, heapUsed } = app.memoryUsage();
    if (
      (maxDemoraMs > 0 && eventLoopDelay > maxDemoraMs) ||
      (maxHeapBytes > 0 && heapUsed > maxHeapBytes && heapExcedido())
    ) {
      rechazar(reply);
      return reply;
    }
  });
}

/**
 * Past the heap limit, at most one collection asked for each this many ms: the longest the heap's garbage alone
 * can keep calls refused is this and one collection.
 */
export const RECOLECTAR_CADA_MS = 400;

/** The collector, asked for by name: Node exposes it to code only when told so (what --expose-gc does at start). */
let recolector: (() => void) | undefined;
function recolectar(): void {
  if (!recolector) {
    v8.setFlagsFromString('--expose-gc');
    recolector = runInNewContext('gc') as () => void;
  }
  recolector();
}

/**
 * Whether the heap in use is over `max` once its garbage is gone. The sampled figure counts garbage too, and
 * garbage is collected only when something allocates: refused calls allocate nothing, so one heavy call once kept
 * everyone refused for half a minute. Past the limit, a collection is asked for and the
 * heap read again; only what is still alive refuses calls. A collection of a full heap takes about 0.1 s: at most
 * one each `RECOLECTAR_CADA_MS` leaves the thread for the calls while the heap held alive stays over the limit.
 */
function memoriaViva(max: number): () => boolean {
  let ultima = 0;
  return () => {
    const ahora = Date.now();
    if (ahora - ultima >= RECOLECTAR_CADA_MS) {
      ultima = ahora;
      recolectar();
    }
    return v8.getHeapStatistics().used_heap_size > max;
  };
}
