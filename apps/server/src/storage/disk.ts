import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TooLargeError, type ByteRange, type FileStore, type StoreUbicacion, type StoredFile } from './store.ts';

const SHA256 = /^[0-9a-f]{64}$/;
/** Large chunks: fewer syscalls and hash calls per megabyte (the 150 MB/s target of bench/transfer.ts). */
const CHUNK = 1024 * 1024;

/**
 * Files on a local disk under `dir`: `ab/cd/abcd...` by SHA-256, so the same content is kept once.
 * Uploads go to `dir/tmp` first and are renamed into place only when complete, so a reader never sees a
 * partial file and an interrupted upload leaves nothing behind. Storing content that is already there
 * refreshes the file's mtime: the sweep removes only files unused and untouched for a day.
 */
export function diskStore(dir: string): FileStore {
  const tmpDir = carpetaTemporal(dir);
  const pathOf = (sha256: string) => rutaEnDisco(dir, sha256);
  const missing = (err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return false;
    throw err;
  };
  const exists = (path: string) => stat(path).then(() => true, missing);
  // Found and made young in one step: the sweep (barrido.ts) spares a file touched while it looked at it.
  const touch = (path: string) => {
    const now = new Date();
    return utimes(path, now, now).then(() => true, missing);
  };

  return {
    ubicacion: { tipo: 'disco', dir },
    async put(source, { maxBytes }): Promise<StoredFile> {
      await mkdir(tmpDir, { recursive: true });
      const tmp = join(tmpDir, randomUUID());
      const hash = createHash('sha256');
      let tamano = 0;
      // One pass per chunk: counted, refused past the limit, hashed, handed to the file. The source is read,
      // not owned (destroyOnReturn: false): a refusal must leave the request open for its 413 answer.
      // Socket chunks (~64 KB) are gathered into 1 MB writes: a sixteenth of the trips to the disk thread.
      async function* measured() {
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
          tamano += chunk.length;
          if (tamano > maxBytes) throw new TooLargeError(maxBytes);
          hash.update(chunk);
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= CHUNK) {
            yield Buffer.concat(pending, pendingBytes);
            pending = [];
            pendingBytes = 0;
          }
        }
        if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
      }
      const destino = createWriteStream(tmp, { flags: 'wx', highWaterMark: CHUNK });
      try {
        await pipeline(measured, destino);
        const sha256 = hash.digest('hex');
        const final = pathOf(sha256);
        if (await touch(final)) {
          await rm(tmp, { force: true });
          return { sha256, tamano, nuevo: false };
        }
        await mkdir(dirname(final), { recursive: true });
        await rename(tmp, final);
        return { sha256, tamano, nuevo: true };
      } catch (err) {
        // A refusal before the first write finds the file still being opened: removed now, it would be created
        // just after. Its stream closes once the open is done, so the file exists, or never will, from then on.
        if (!destino.closed) await new Promise<void>((done) => destino.once('close', () => done()));
        await rm(tmp, { force: true });
        throw err;
      }
    },

    read(sha256: string, range?: ByteRange): Readable {
      return createReadStream(pathOf(sha256), {
        highWaterMark: CHUNK,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
    },

    exists: (sha256) => exists(pathOf(sha256)),

    async remove(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
  };
}

/** Where the disk store under `dir` keeps the content with this SHA-256. */
export function rutaEnDisco(dir: string, sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error(`SHA-256 inválido: ${sha256}`);
  return join(dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

/** Where uploads are written until they are complete (and nothing else is). */
export const carpetaTemporal = (dir: string): string => join(dir, 'tmp');

export interface EnDisco {
  ruta: string;
  tamano: number;
  modificado: Date;
}

/** The regular files of a folder, with size and mtime; none when the folder does not exist. */
async function* archivosDe(carpeta: string, nombre: RegExp = /./): AsyncGenerator<EnDisco & { nombre: string }> {
  const listado = await opendir(carpeta).catch(absentDir);
  if (!listado) return;
  for await (const entrada of listado) {
    if (!entrada.isFile() || !nombre.test(entrada.name)) continue;
    const ruta = join(carpeta, entrada.name);
    const datos = await stat(ruta).catch(absent);
    if (datos) yield { nombre: entrada.name, ruta, tamano: datos.size, modificado: datos.mtime };
  }
}

/** The subfolders of a folder whose name matches, sorted; none when it does not exist. */
async function subcarpetas(carpeta: string, nombre: RegExp): Promise<string[]> {
  const listado = await opendir(carpeta).catch(absentDir);
  if (!listado) return [];
  const nombres: string[] = [];
  for await (const entrada of listado)
    if (entrada.isDirectory() && nombre.test(entrada.name)) nombres.push(entrada.name);
  return nombres.sort();
}

/** Every stored file under `dir`, folder by folder (never the whole list in memory); foreign files are skipped. */
export async function* archivosEnDisco(dir: string): AsyncGenerator<EnDisco & { sha256: string }> {
  const HEX2 = /^[0-9a-f]{2}$/;
  for (const a of await subcarpetas(dir, HEX2)) {
    for (const b of await subcarpetas(join(dir, a), HEX2)) {
      for await (const f of archivosDe(join(dir, a, b), SHA256)) {
        if (f.nombre.startsWith(a + b))
          yield { sha256: f.nombre, ruta: f.ruta, tamano: f.tamano, modificado: f.modificado };
      }
    }
  }
}

/** The files in the upload folder: uploads in progress, or left there by a process that died midway. */
export function temporalesEnDisco(dir: string): AsyncGenerator<EnDisco> {
  return archivosDe(carpetaTemporal(dir));
}

function absent(err: NodeJS.ErrnoException): undefined {
  if (err.code === 'ENOENT') return undefined;
  throw err;
}

function absentDir(err: NodeJS.ErrnoException): undefined {
  if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return undefined;
  throw err;
}

/** The store a `ubicacion` describes, opened again (in a worker thread). */
export const abrirStore = (ubicacion: StoreUbicacion): FileStore => diskStore(ubicacion.dir);
