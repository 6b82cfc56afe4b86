import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { saludResponse } from '@intranet/contract/shared/estado';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { duracionSolicitudes, registro, respuestas } from '../core/metricas.ts';
import { MENSAJES } from '../messages.ts';
import { sendError } from './errors.ts';

/** A request id a proxy or a client sent that is safe to log and to send back; anything else gets a new one. */
const ID_VALIDO = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's `X-Request-Id` when it is sane, else a fresh UUID. */
export function idDeSolicitud(raw: IncomingMessage): string {
  const dado = raw.headers['x-request-id'];
  return typeof dado === 'string' && ID_VALIDO.test(dado) ? dado : randomUUID();
}

/** What `GET /readyz` checks, each answering a problem in Spanish or null. */
export interface Preparacion {
  /** The database answers, and its migrations are those this build brings. */
  baseDeDatos: () => Promise<string | null>;
  /** The change feed's connection (LISTEN) is up: without it the caches and sessions cannot be trusted. */
  avisos: () => string | null;
  /** SIGTERM received: the process finishes what it has and takes nothing new. */
  drenando: () => boolean;
}

/**
 * The request id (from `X-Request-Id` or new) sent back on every answer and written on every log line; each
 * answer counted into the metrics by route and status.
 */
export function operacion(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'sin_ruta';
    const status = String(reply.statusCode);
    // request.inicio: set by serverTiming, the first hook of all.
    const segundos =
      request.inicio > 0n ? Number(process.hrtime.bigint() - request.inicio) / 1e9 : reply.elapsedTime / 1000;
    duracionSolicitudes.observe({ method: request.method, route, status }, segundos);
    respuestas.inc({ status });
  });
}

/** Loopback, reached directly (not through a proxy on the same machine, which sends X-Forwarded-For). */
function desdeEstaMaquina(request: FastifyRequest): boolean {
  const directa = request.raw.socket.remoteAddress ?? '';
  const local = directa === '127.0.0.1' || directa === '::1' || directa === '::ffff:127.0.0.1';
  return local && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

function tokenValido(dado: string | undefined, esperado: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(dado ?? '');
  if (!m) return false;
  const a = Buffer.from(m[1]!.trim());
  const b = Buffer.from(esperado);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Who may read the operator's routes (/metrics, /respaldo): with METRICS_TOKEN its Bearer, else only this machine. */
export function rechazoDeOperacion(request: FastifyRequest, metricsToken: string): 401 | 403 | null {
  if (metricsToken) return tokenValido(request.headers.authorization, metricsToken) ? null : 401;
  return desdeEstaMaquina(request) ? null : 403;
}

/**
 * `GET /healthz` (alive), `GET /readyz` (ready for traffic: the database, its migrations, the change feed, not
 * draining) for a proxy or an orchestrator; `GET /metrics` for Prometheus, with `METRICS_TOKEN` as a Bearer
 * token, or without one only from this machine.
 */
export const operacionRoutes: FastifyPluginAsyncZod<{ preparacion: Preparacion; metricsToken: string }> = async (
  app,
  opts,
) => {
  const { preparacion, metricsToken } = opts;
  app.get('/healthz', {
    schema: { tags: ['operación'], summary: 'El proceso está vivo', response: { 200: saludResponse } },
    handler: async () => ({ estado: 'ok' as const, problemas: [] }),
  });

  app.get('/readyz', {
    schema: {
      tags: ['operación'],
      summary: 'El proceso puede recibir tráfico',
      response: { 200: saludResponse, 503: saludResponse },
    },
    handler: async (_request, reply) => {
      const problemas = preparacion.drenando()
        ? [MENSAJES.drenando]
        : [await preparacion.baseDeDatos(), preparacion.avisos()].filter((p): p is string => p !== null);
      if (problemas.length > 0) reply.code(503).header('retry-after', '5');
      return { estado: problemas.length > 0 ? ('no_listo' as const) : ('ok' as const), problemas };
    },
  });

  app.get('/metrics', {
    schema: { tags: ['operación'], summary: 'Métricas en el formato de texto de Prometheus', hide: true },
    handler: async (request, reply) => {
      const rechazo = rechazoDeOperacion(request, metricsToken);
      if (rechazo) return sendError(reply, rechazo, rechazo === 401 ? MENSAJES.metricasToken : MENSAJES.metricasLocal);
      return reply.type(registro.contentType).send(await registro.metrics());
    },
  });
};
