import { createInterface } from 'node:readline';
import type { Codificacion } from '@intranet/contract/shared/importacion';
import { IsolatedError, isolatedRefusal, OCUPA_DEMASIADO, runIsolated, workerModule } from '../../core/isolated.ts';
import { ApiError } from '../../core/api-error.ts';
import type { FileStore } from '../../storage/store.ts';
import type convertir from './convertir.worker.ts';
import type { Convertida } from './convertir.worker.ts';

// A spreadsheet is read once, in a worker thread, into its rows as JSON lines stored beside it; the preview, the dry
// run and the import read those lines, which cost this thread nothing to parse.

const CONVERTIR = workerModule<typeof convertir>(import.meta.url, './convertir.worker.ts');

const MB = 1024 * 1024;
/**
 * The processor time a file gets to be read (core/isolated.ts): 8 s, and 1 s more per MB (a ZIP bomb of 1 MB is
 * given up on within 9 s of work). A 1 KB file needs milliseconds.
 */
const limiteMs = (tamano: number) => 8_000 + Math.ceil(tamano / MB) * 1_000;
/**
 * The objects the reading may hold: a streamed sheet keeps only its shared strings (a few MB for any real sheet), so
 * shared strings that inflate are given up on early, before the worker's collections slow the rest of the process.
 */
const TOPE_MB = 48;
/**
 * What its rows may weigh as JSON lines: a sheet that inflates past this is refused (a compressed XLSX grows 10–20×).
 */
const maxFilasBytes = (tamano: number) => 64 * MB + 32 * tamano;
/**
 * What an XLSX's shared strings may inflate to, as XML: their texts are held whole within the worker's TOPE_MB (a
 * sheet of 100,000 rows with a name and a note of its own on each has about 10 MB of them).
 */
const MAX_TEXTOS_BYTES = 24 * MB;

const ILEGIBLE = {
  xlsx: 'No se pudo leer el archivo como planilla XLSX',
  csv: 'No se pudo leer el archivo como CSV',
} as const;

/** The file `sha256` read in a worker: its header, its rows counted, the encoding used, and its rows stored. */
export async function convertirArchivo(
  store: FileStore,
  archivo: { sha256: string; tamano: number },
  formato: 'csv' | 'xlsx',
  codificacion: Codificacion | null,
): Promise<Extract<Convertida, { ok: true }>> {
  let convertida: Convertida;
  try {
    convertida = await runIsolated(
      CONVERTIR,
      {
        formato,
        codificacion,
        store: store.ubicacion,
        sha256: archivo.sha256,
        tamano: archivo.tamano,
        maxFilasBytes: maxFilasBytes(archivo.tamano),
        maxTextosBytes: MAX_TEXTOS_BYTES,
      },
      { limiteMs: limiteMs(archivo.tamano), topeMb: TOPE_MB },
    );
  } catch (err) {
    if (err instanceof IsolatedError) throw isolatedRefusal(err, ILEGIBLE[formato]);
    throw err;
  }
  if (!convertida.ok)
    throw convertida.motivo === 'textos'
      ? new ApiError(413, OCUPA_DEMASIADO)
      : new ApiError(
          413,
          'El archivo tiene demasiadas filas para importarlo de una vez: divídalo en partes más chicas',
        );
  return convertida;
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
