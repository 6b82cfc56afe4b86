import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Entry, ZipFile } from 'yauzl';
import type { FileStore } from '../../../storage/store.ts';
import { abrirZip } from '../../../storage/zip.ts';
import { ApkRechazado, MENSAJES_APK } from './errors.ts';

// Generous for any real app (a game's assets included), small enough that a zip bomb cannot keep a core busy.
const MAX_DESCOMPRIMIDO = 8 * 1024 * 1024 * 1024;
const MAX_ENTRADAS = 200_000;

export interface ApkZip {
  /** The entries by name (directories left out). */
  entradas: Map<string, Entry>;
  /** The central directory's offset, where a v2/v3 APK Signing Block ends. */
  directorioOffset: number;
  leer(entrada: Entry, max: number): Promise<Buffer>;
  resumen(entrada: Entry, algoritmo: string): Promise<Buffer>;
  cerrar(): void;
}

async function abrir(store: FileStore, sha256: string, tamano: number): Promise<ZipFile> {
  try {
    return await abrirZip(store, sha256, tamano);
  } catch {
    throw new ApkRechazado(MENSAJES_APK.noEsZip);
  }
}

/** Opens an uploaded APK as a zip and lists its entries; refuses what is not a zip Android would accept. */
export async function abrirApk(store: FileStore, sha256: string, tamano: number): Promise<ApkZip> {
  const zip = await abrir(store, sha256, tamano);
  const entradas = new Map<string, Entry>();
  try {
    let total = 0;
    for await (const entrada of zip.eachEntry()) {
      if (entradas.size >= MAX_ENTRADAS) throw new ApkRechazado(MENSAJES_APK.demasiadoGrande);
      if (entrada.fileName.endsWith('/')) continue;
      if (entradas.has(entrada.fileName)) throw new ApkRechazado(MENSAJES_APK.entradasRepetidas);
      if (entrada.isEncrypted()) throw new ApkRechazado(MENSAJES_APK.cifrado);
      total += entrada.uncompressedSize;
      if (total > MAX_DESCOMPRIMIDO) throw new ApkRechazado(MENSAJES_APK.demasiadoGrande);
      entradas.set(entrada.fileName, entrada);
    }
  } catch (err) {
    zip.close();
    throw err instanceof ApkRechazado ? err : new ApkRechazado(MENSAJES_APK.noEsZip);
  }

  const flujo = async (entrada: Entry): Promise<Readable> => {
    try {
      return await zip.openReadStreamPromise(entrada);
    } catch {
      throw new ApkRechazado(MENSAJES_APK.noEsZip);
    }
  };
  // Data errors (bad deflate stream, wrong size) surface while reading: the file is broken, not the server.
  const consumir = async (entrada: Entry, trozo: (chunk: Buffer) => void) => {
    try {
      for await (const chunk of await flujo(entrada)) trozo(chunk as Buffer);
    } catch (err) {
      throw err instanceof ApkRechazado ? err : new ApkRechazado(MENSAJES_APK.noEsZip);
    }
  };
  return {
    entradas,
    directorioOffset: (zip as ZipFile & { centralDirectoryOffset: number }).centralDirectoryOffset,
    async leer(entrada, max) {
      if (entrada.uncompressedSize > max) throw new ApkRechazado(MENSAJES_APK.demasiadoGrande);
      const partes: Buffer[] = [];
      await consumir(entrada, (chunk) => partes.push(chunk));
      return Buffer.concat(partes);
    },
    async resumen(entrada, algoritmo) {
      const hash = createHash(algoritmo);
      await consumir(entrada, (chunk) => hash.update(chunk));
      return hash.digest();
    },
    cerrar: () => zip.close(),
  };
}
