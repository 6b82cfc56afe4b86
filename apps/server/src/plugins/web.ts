import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { runtimeConfig, type RuntimeConfig } from '@intranet/contract/shared/config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

const NOT_BUILT = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Intranet</title></head>
<body style="font-family:sans-serif;margin:3rem">
<h1>Intranet</h1>
<p>La aplicación web no está compilada. Ejecute <code>npm run build</code> en la raíz del repositorio y vuelva a iniciar el servidor.</p>
<p>La API sigue disponible en <a href="/docs">/docs</a>.</p>
</body></html>`;

/** Vite's hashed output lives in /assets/; everything else (index.html, sw.js, manifest) must revalidate. */
const cacheControlFor = (path: string): string =>
  /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';

export const runtimeConfigOf = (config: Config): RuntimeConfig => ({ ...config.urls, sitio: config.sitio });

/**
 * The web app: its runtime configuration, its built files and the single-page fallback. Answers the
 * pageFallback that the not-found handler calls for paths outside /api.
 */
export async function webApp(app: FastifyInstance, config: Config) {
  app.withTypeProvider<ZodTypeProvider>().get('/assets/config.json', {
    schema: {
      tags: ['web'],
      summary: 'Configuración de la aplicación web (desde el entorno)',
      response: { 200: runtimeConfig },
    },
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return runtimeConfigOf(config);
    },
  });

  const hasDist = existsSync(config.webDist);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      // The build writes .br and .gz beside each text file (apps/web/scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('Cache-Control', cacheControlFor(path)),
    });
  }
  if (!existsSync(join(config.webDist, 'index.html'))) {
    app.log.warn(
      `No se encontró ${join(config.webDist, 'index.html')}: la aplicación web no está compilada (npm run build).`,
    );
  }

  const pageFallback = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/docs/');
    // A missing hashed file is a stale build, not a page: answering index.html would hide the error.
    if (!isPage || path.startsWith('/assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado');
    }
    if (!hasDist || !existsSync(join(config.webDist, 'index.html'))) {
      return reply.code(503).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(NOT_BUILT);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  };
  return { pageFallback };
}
