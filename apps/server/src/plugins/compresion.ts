import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text answers over 1 kB leave compressed, brotli or gzip as the caller's Accept-Encoding prefers. Routes
 * that must go as they are (the live events, downloads with byte ranges) say `compress: false`.
 * Registered before every route: the plugin attaches itself to each route as it is declared.
 */
export async function compresion(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Quality 4: near gzip's speed with a smaller result; the default 11 costs far too much per answer.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies are read as sent: the Sentry intake inflates its own, with a ceiling against zip bombs.
    globalDecompression: false,
  });
}
