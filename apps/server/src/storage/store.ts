import { Readable } from 'node:stream';

/** What the store knows of a file: its content's SHA-256 (lower-case hex) and its size in bytes. */
export interface StoredFile {
  sha256: string;
  tamano: number;
  /** False when the same content was already stored (the new copy was dropped). */
  nuevo: boolean;
}

/** An inclusive byte range of a stored file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where a store keeps its files: enough for another thread (a worker reading an upload) to open the same store. */
export type StoreUbicacion = { tipo: 'disco'; dir: string };

/**
 * The file store behind `{archivos}`: content-addressed, streaming both ways. Only the disk store exists;
 * an S3-compatible one would implement the same four calls (put = multipart upload, read = ranged GET).
 */
export interface FileStore {
  /**
   * Streams `source` into the store, computing size and SHA-256 on the way; never holds it whole. Throws
   * `TooLargeError` past `maxBytes`; on any failure nothing of the upload remains.
   */
  put(source: Readable, opts: { maxBytes: number }): Promise<StoredFile>;
  /** The content, or one byte range of it. */
  read(sha256: string, range?: ByteRange): Readable;
  exists(sha256: string): Promise<boolean>;
  remove(sha256: string): Promise<void>;
  readonly ubicacion: StoreUbicacion;
}

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload over ${maxBytes} bytes`);
  }
}

/** Bytes already in memory into the store (the demo data's small files). */
export const putBytes = (store: FileStore, bytes: Buffer): Promise<StoredFile> =>
  store.put(Readable.from([bytes]), { maxBytes: bytes.length });
