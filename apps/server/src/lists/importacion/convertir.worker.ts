import { Readable } from 'node:stream';
import type { Codificacion } from '@intranet/contract/shared/importacion';
import { abrirStore } from '../../storage/disk.ts';
import { TooLargeError, type StoreUbicacion } from '../../storage/store.ts';
import { leerPlanilla } from './lectura.ts';
import { textosCompartidosCaben } from './textos-compartidos.ts';

// Runs in a worker thread (core/isolated.ts): the spreadsheet an import uploads is read here, and its rows stored
// here, with the worker's own heap and time limits. The thread that answers the API neither parses the file nor
// hashes and writes what it unpacks into.

export interface Conversion {
  formato: 'csv' | 'xlsx';
  /** The encoding to read a CSV in; null: the one its first bytes show. */
  codificacion: Codificacion | null;
  /** The store holding the uploaded file, where its rows go as well. */
  store: StoreUbicacion;
  /** The uploaded file and its size. */
  sha256: string;
  tamano: number;
  /** What its rows may weigh as JSON lines. */
  maxFilasBytes: number;
  /** What an XLSX's shared strings may inflate to (they are held whole while its sheet is read). */
  maxTextosBytes: number;
}

/**
 * What the file held: its header, its rows counted, the encoding used and its rows stored; or why it was not read
 * (too many rows, or shared strings past their limit).
 */
export type Convertida =
  | {
      ok: true;
      /** The header row as the file has it. */
      columnas: string[];
      /** Rows under the header. */
      filas: number;
      codificacion: Codificacion | null;
      /** One JSON array of strings per line, the header first. */
      filasSha256: string;
    }
  | { ok: false; motivo: 'filas' | 'textos' };

/** Lines are stored in batches of about this many characters. */
const LOTE = 256 * 1024;

export default async function convertir({
  formato,
  codificacion,
  store: ubicacion,
  sha256,
  tamano,
  maxFilasBytes,
  maxTextosBytes,
}: Conversion): Promise<Convertida> {
  const store = abrirStore(ubicacion);
  if (formato === 'xlsx' && !(await textosCompartidosCaben(store, { sha256, tamano }, maxTextosBytes)))
    return { ok: false, motivo: 'textos' };
  const origen = store.read(sha256);
  try {
    const leida = await leerPlanilla(origen, formato, codificacion);
    let columnas: string[] | undefined;
    let cuenta = 0;
    async function* lineas() {
      let lote = '';
      for await (const fila of leida.filas) {
        if (columnas === undefined) columnas = fila;
        else cuenta += 1;
        lote += `${JSON.stringify(fila)}\n`;
        if (lote.length >= LOTE) {
          yield Buffer.from(lote);
          lote = '';
        }
      }
      if (lote) yield Buffer.from(lote);
    }
    const guardadas = await store.put(Readable.from(lineas()), { maxBytes: maxFilasBytes });
    return {
      ok: true,
      columnas: columnas ?? [],
      filas: cuenta,
      codificacion: leida.codificacion,
      filasSha256: guardadas.sha256,
    };
  } catch (err) {
    if (err instanceof TooLargeError) return { ok: false, motivo: 'filas' };
    throw err;
  } finally {
    origen.destroy();
  }
}
