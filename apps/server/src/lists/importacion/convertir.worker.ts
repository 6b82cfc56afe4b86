import { once } from 'node:events';
import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream, WritableStream } from 'node:stream/web';
import type { Codificacion } from '@intranet/contract/importacion';
import { leerPlanilla } from './lectura.ts';

// Runs in a worker thread (core/isolated.ts): the spreadsheet an import uploads is read here, with the worker's
// own heap and time limits, never on the thread that answers the API.

export interface Conversion {
  formato: 'csv' | 'xlsx';
  /** The encoding to read a CSV in; null: the one its first bytes show. */
  codificacion: Codificacion | null;
  /** The uploaded file. */
  archivo: ReadableStream<Uint8Array>;
  /** Where its rows go: one JSON array of strings per line, the header first. */
  filas: WritableStream<Uint8Array>;
}

export interface Convertida {
  /** The header row as the file has it. */
  columnas: string[];
  /** Rows under the header. */
  filas: number;
  codificacion: Codificacion | null;
}

/** Lines are written in batches of about this many characters: each write crosses to the other thread. */
const LOTE = 256 * 1024;

/** The file's rows as JSON lines, the header first. */
export default async function convertir({ formato, codificacion, archivo, filas }: Conversion): Promise<Convertida> {
  const leida = await leerPlanilla(Readable.fromWeb(archivo), formato, codificacion);
  const salida = Writable.fromWeb(filas);
  let columnas: string[] | undefined;
  let cuenta = 0;
  let lote = '';
  const escribir = async (texto: string) => {
    if (!salida.write(texto)) await once(salida, 'drain');
  };
  for await (const fila of leida.filas) {
    if (columnas === undefined) columnas = fila;
    else cuenta += 1;
    lote += `${JSON.stringify(fila)}\n`;
    if (lote.length >= LOTE) {
      await escribir(lote);
      lote = '';
    }
  }
  if (lote) await escribir(lote);
  salida.end();
  await finished(salida);
  return { columnas: columnas ?? [], filas: cuenta, codificacion: leida.codificacion };
}
