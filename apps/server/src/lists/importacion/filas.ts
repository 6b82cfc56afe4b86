import { createInterface } from 'node:readline';
import { PassThrough, Readable, Writable } from 'node:stream';
import type { Codificacion } from '@intranet/contract/importacion';
import { IsolatedError, isolatedRefusal, runIsolated, workerModule } from '../../core/isolated.ts';
import { ApiError } from '../../plugins/errors.ts';
import { TooLargeError, type FileStore } from '../../storage/store.ts';
import type convertir from './convertir.worker.ts';
import type { Convertida } from './convertir.worker.ts';

// A spreadsheet is read once, in a worker thread, into its rows as JSON lines stored beside it; the preview, the dry
// run and the import read those lines, which cost this thread nothing to parse.

const CONVERTIR = workerModule<typeof convertir>(import.meta.url, './convertir.worker.ts');

const MB = 1024 * 1024;
/**
 * The time a file gets to be read, waiting for a worker and its CPU included: 8 s, and 1 s more per MB (a ZIP bomb of
 * 1 MB is given up on within 9 s). A 1 KB file needs milliseconds of CPU, but a busy machine may give little of it.
 */
const limiteMs = (tamano: number) => 8_000 + Math.ceil(tamano / MB) * 1_000;
/** What its rows may weigh as JSON lines: a sheet that inflates past this is refused (a compressed XLSX grows 10–20×). */
const maxFilasBytes = (tamano: number) => 64 * MB + 32 * tamano;

const ILEGIBLE = { xlsx: 'No se pudo leer el archivo como planilla XLSX', csv: 'No se pudo leer el archivo como CSV' } as const;

/** The file `sha256` read in a worker: its header, its rows counted, the encoding used, and its rows stored. */
export async function convertirArchivo(
  store: FileStore,
  archivo: { sha256: string; tamano: number },
  formato: 'csv' | 'xlsx',
  codificacion: Codificacion | null,
): Promise<Convertida & { filasSha256: string }> {
  const origen = store.read(archivo.sha256);
  const entrada = Readable.toWeb(origen) as ReadableStream<Uint8Array>;
  const lineas = new PassThrough();
  const salida = Writable.toWeb(lineas) as WritableStream<Uint8Array>;
  const guardado = store.put(lineas, { maxBytes: maxFilasBytes(archivo.tamano) });
  const leido = runIsolated(CONVERTIR, { formato, codificacion, archivo: entrada, filas: salida }, {
    limiteMs: limiteMs(archivo.tamano),
    transferir: [entrada, salida],
  }).catch((err: unknown) => {
    // The worker ended without closing its output: the stored lines are dropped.
    lineas.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  });
  const [lectura, filas] = await Promise.allSettled([leido, guardado]);
  origen.destroy();
  if (filas.status === 'rejected' && filas.reason instanceof TooLargeError) {
    throw new ApiError(413, 'El archivo tiene demasiadas filas para importarlo de una vez: divídalo en partes más chicas');
  }
  if (lectura.status === 'rejected') {
    if (lectura.reason instanceof IsolatedError) throw isolatedRefusal(lectura.reason, ILEGIBLE[formato]);
    throw lectura.reason;
  }
  if (filas.status === 'rejected') throw filas.reason;
  return { ...lectura.value, filasSha256: filas.value.sha256 };
}

/** The rows stored by `convertirArchivo`, the header first. */
export async function* filasGuardadas(store: FileStore, sha256: string): AsyncGenerator<string[]> {
  const lineas = createInterface({ input: store.read(sha256), crlfDelay: Infinity });
  for await (const linea of lineas) {
    const fila = JSON.parse(linea) as unknown;
    if (!Array.isArray(fila)) throw new Error('fila guardada ilegible');
    yield fila as string[];
  }
}
