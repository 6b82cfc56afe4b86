import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../core/api-error.ts';
import { TooLargeError, type FileStore, type StoredFile } from './store.ts';

export const MENSAJES_SUBIDA = {
  demasiadoGrande: (maxBytes: number) => `El archivo supera el tamaño máximo permitido (${formatMegas(maxBytes)})`,
  vacio: 'El archivo está vacío',
  interrumpida: 'La subida se interrumpió antes de terminar; no se guardó nada',
} as const;

const formatMegas = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`.replace('.', ',');

/**
 * Makes the upload routes of this (encapsulated) scope receive their body as a stream, whatever its
 * content type: the route hands it to the store, which writes it to disk as it arrives. Any answer sent
 * before the body was read whole (a 400, 401, 413) closes the connection, so the client stops sending
 * instead of the server reading and discarding the rest.
 */
export function streamedBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}

/** The uploaded file's declared content type, when it is a plausible one. */
function contentType(request: FastifyRequest): string {
  const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][\w.+-]*\/[\w.+-]+$/.test(declared) ? declared : 'application/octet-stream';
}

export interface Upload extends StoredFile {
  tipo: string;
}

/**
 * Streams the request's body into the store: 413 when it says or turns out to be over the limit, 400 when
 * it is empty or the client goes away midway. Nothing of a failed upload stays on the store.
 */
export async function receiveUpload(request: FastifyRequest, store: FileStore, maxBytes: number): Promise<Upload> {
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (declared > maxBytes) throw new ApiError(413, MENSAJES_SUBIDA.demasiadoGrande(maxBytes));
  const body = request.body as Readable | undefined;
  if (!body || declared === 0) throw new ApiError(400, MENSAJES_SUBIDA.vacio);
  let stored: StoredFile;
  try {
    stored = await store.put(body, { maxBytes });
  } catch (err) {
    if (err instanceof TooLargeError) throw new ApiError(413, MENSAJES_SUBIDA.demasiadoGrande(maxBytes));
    if (!request.raw.complete) throw new ApiError(400, MENSAJES_SUBIDA.interrumpida);
    throw err;
  }
  if (stored.tamano === 0) {
    if (stored.nuevo) await store.remove(stored.sha256);
    throw new ApiError(400, MENSAJES_SUBIDA.vacio);
  }
  return { ...stored, tipo: contentType(request) };
}
