import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../core/api-error.ts';
import { MENSAJES } from '../messages.ts';
import { sessionOf } from './access.ts';

// A file that is read once uploaded (an import's spreadsheet, an APK) costs the process a worker's work and the API's
// thread its upload, its hash and its store write; a refused one costs nearly as much. One person uploading again and
// again, as fast as the server answers (30 a second of a crafted XLSX), slows everyone else's calls. So each person
// may have a number of uploaded files read a minute, counted per process by @fastify/rate-limit, which is what each
// process protects: past it, 429 with Retry-After before the body is read.

/** Throws the 429 when the signed-in caller has had too many uploaded files read this minute; else counts this one. */
export type LimiteDeLecturas = (request: FastifyRequest) => Promise<void>;

/** The limiter of `porMinuto` reads a minute per person (0: none), sharing one count across every route that reads. */
export async function limiteDeLecturas(app: FastifyInstance, porMinuto: number): Promise<LimiteDeLecturas> {
  if (porMinuto === 0) return async () => undefined;
  await app.register(rateLimit, { global: false });
  const contar = app.createRateLimit({
    max: porMinuto,
    timeWindow: 60_000,
    keyGenerator: (request) => `lecturas:${sessionOf(request).usuario.id}`,
  });
  return async (request) => {
    const limite = await contar(request);
    if (!limite.isAllowed && limite.isExceeded) {
      const segundos = Math.max(1, limite.ttlInSeconds);
      throw new ApiError(429, MENSAJES.demasiadasLecturas(segundos), undefined, { 'Retry-After': String(segundos) });
    }
  };
}
