import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ALL_TABLES, type Cambios } from '../db/cambios.ts';
import { isApiPath } from './errors.ts';
import { fechaLocal } from '../core/fechas.ts';
import { lecturasCache } from '../core/metricas.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET whose answer is the same for every caller its access lets in, and that reads only these tables
     * (each must announce its changes: `<tabla>_aviso` trigger). Its answers are kept until one changes.
     */
    cache?: readonly string[];
  }
  interface FastifyRequest {
    /** The change generation when a cacheable read began; -1 when the answer is not to be kept. */
    cacheDesde: number;
  }
}

export class CacheSinAvisoError extends Error {}

interface Guardada {
  payload: string;
  tipo: string;
  tablas: readonly string[];
}

const MUTACIONES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Answers of cacheable list reads, kept in memory and dropped when a table they read changes: announced by
 * the tables' triggers to every process, and at once for this process's own writes (before the write's
 * answer leaves, so its author never reads the old list). Nothing is served while the feed is down.
 */
export function readCache(
  app: FastifyInstance,
  opts: { cambios: Cambios | undefined; conAviso: ReadonlySet<string> },
): void {
  const { cambios, conAviso } = opts;
  app.decorateRequest('cacheDesde', -1);

  app.addHook('onRoute', (route) => {
    const tablas = route.config?.cache;
    if (!tablas) return;
    const sinAviso = tablas.filter((t) => !conAviso.has(t));
    if (sinAviso.length > 0) {
      throw new CacheSinAvisoError(
        `La ruta ${route.url} guarda respuestas de tablas que no avisan sus cambios: ${sinAviso.join(', ')}`,
      );
    }
  });
  if (!cambios) return;

  const guardadas = new LRUCache<string, Guardada>({
    max: 2000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (g) => g.payload.length + 1,
    // A safety net only: every change is announced.
    ttl: 10 * 60 * 1000,
  });
  cambios.suscribir((tabla) => {
    if (tabla === ALL_TABLES) return guardadas.clear();
    for (const [key, g] of guardadas.entries()) if (g.tablas.includes(tabla)) guardadas.delete(key);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.cache) return;
    // The access guard ran before: whoever reaches here may read this answer.
    if (!cambios.vivo) return;
    // A caller asking for a fresh answer (a browser's hard reload sends no-cache) gets one, which is kept.
    const fresco = /no-cache|no-store/i.test(
      `${request.headers['cache-control'] ?? ''} ${request.headers.pragma ?? ''}`,
    );
    const hit = fresco ? undefined : guardadas.get(cacheKey(request.url));
    lecturasCache.inc({ resultado: hit ? 'hit' : 'miss' });
    if (hit) return reply.type(hit.tipo).header('x-cache', 'hit').send(hit.payload);
    request.cacheDesde = cambios.generacion;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (esMutacionPropia(request)) cambios.avisar(ALL_TABLES, true);
    const tablas = request.routeOptions.config.cache;
    if (request.cacheDesde < 0 || !tablas || reply.statusCode !== 200 || typeof payload !== 'string') return;
    // A change announced while this answer was being read may be missing from it.
    if (cambios.cambioDesde(tablas, request.cacheDesde) || !cambios.vivo) return;
    guardadas.set(cacheKey(request.url), {
      payload,
      tipo: String(reply.getHeader('content-type') ?? 'application/json'),
      tablas,
    });
  });
}

let dia = { hasta: 0, texto: '' };

/** Answers count days from today in Buenos Aires (expiries): an answer is kept for the day it was read. */
function cacheKey(url: string): string {
  const ahora = Date.now();
  if (ahora >= dia.hasta) dia = { hasta: ahora + 1000, texto: fechaLocal(ahora) };
  return `${dia.texto} ${url}`;
}

/** A write by a signed-in caller through this process (public writes such as error intake touch no cached table). */
function esMutacionPropia(request: FastifyRequest): boolean {
  const access = request.routeOptions.config.access;
  return (
    MUTACIONES.has(request.method) &&
    access !== undefined &&
    access !== 'public' &&
    isApiPath(request.routeOptions.url ?? '')
  );
}
