import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import { ApiError } from '../core/api-error.ts';
import type { FileStore } from './store.ts';

export interface Descargable {
  sha256: string;
  tamano: number;
  tipo: string;
}

/**
 * Answers a stored file as a download: streamed, with Content-Length, Content-Disposition (the given name),
 * a strong ETag (the SHA-256: the content never changes under it), `If-None-Match` (304) and one byte range
 * (206, `If-Range` honoured) so large installers can be resumed. `contar` runs once per download: a full
 * GET or a range from byte 0, not a resumed piece, a HEAD or a 304.
 */
export async function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  file: Descargable,
  nombre: string,
  contar: () => Promise<void>,
): Promise<FastifyReply> {
  if (!(await store.exists(file.sha256))) throw new ApiError(404, 'El archivo no está en el almacenamiento');
  const etag = `"${file.sha256}"`;
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', contentDisposition(nombre))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'");

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
    return reply.code(304).send();
  }

  let range: { start: number; end: number } | undefined;
  const wanted = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (wanted && (!ifRange || ifRange === etag)) {
    const parsed = rangeParser(file.tamano, wanted, { combine: true });
    if (parsed === -1) {
      return reply
        .code(416)
        .header('content-range', `bytes */${file.tamano}`)
        .type('text/plain; charset=utf-8')
        .send('Rango no satisfacible');
    }
    // A malformed header (-2) or several ranges get the whole file, which HTTP allows.
    if (parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1)
      range = { start: parsed[0]!.start, end: parsed[0]!.end };
  }

  const length = range ? range.end - range.start + 1 : file.tamano;
  reply.type(file.tipo).header('content-length', length);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.tamano}`);
  // An empty stream keeps the Content-Length set above (an empty body would reset it to 0).
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  if (!range || range.start === 0) await contar();
  return reply.send(store.read(file.sha256, range));
}
