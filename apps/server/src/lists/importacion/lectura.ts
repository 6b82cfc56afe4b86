import { Readable } from 'node:stream';
import type { Codificacion } from '@intranet/contract/shared/importacion';
import chardet from 'chardet';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

// Read in the import's worker thread only (convertir.worker.ts): ExcelJS, papaparse and chardet load there, never on
// the thread that answers the API (ExcelJS alone holds about 10 MB of heap once loaded).

/** An XLSX cell as the text a CSV would carry: days in ISO 8601, numbers as written, Sí/No. */
function textoDeCelda(valor: ExcelJS.CellValue): string {
  if (valor === null || valor === undefined) return '';
  if (valor instanceof Date) {
    const iso = valor.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof valor === 'boolean') return valor ? 'Sí' : 'No';
  if (typeof valor === 'number' || typeof valor === 'string') return String(valor);
  if ('richText' in valor) return valor.richText.map((t) => t.text).join('');
  if ('text' in valor) return String(valor.text);
  if ('result' in valor) return textoDeCelda(valor.result as ExcelJS.CellValue);
  if ('error' in valor) return '';
  return '';
}

/** Papaparse's stream re-reads the rest of its chunk each time it pauses for a slow reader: it gets small ones. */
const TROZO = 64 * 1024;

/** The bytes an encoding is recognised by: the file's start. */
const MUESTRA = 64 * 1024;

/**
 * The encoding of a CSV by its first bytes: a byte-order mark says it (UTF-8, UTF-16); bytes that are valid UTF-8
 * are UTF-8; anything else is what the chardet library recognises, UTF-16 without its mark or, for the single-byte
 * encodings it tells apart (Latin-1, Windows-1252, ISO-8859-15…), Windows-1252, the superset Excel in Spanish saves.
 */
export function detectarCodificacion(muestra: Buffer): Codificacion {
  if (muestra[0] === 0xef && muestra[1] === 0xbb && muestra[2] === 0xbf) return 'utf-8';
  if (muestra[0] === 0xff && muestra[1] === 0xfe) return 'utf-16le';
  if (muestra[0] === 0xfe && muestra[1] === 0xff) return 'utf-16be';
  try {
    // `stream`: a character cut by the sample's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(muestra, { stream: true });
    return 'utf-8';
  } catch {
    const reconocida = chardet.detect(muestra)?.toLowerCase();
    return reconocida === 'utf-16le' || reconocida === 'utf-16be' ? reconocida : 'windows-1252';
  }
}

/** The first `n` bytes of the stream and the whole stream again, from its start. */
async function muestraDe(origen: Readable, n: number): Promise<{ muestra: Buffer; todo: AsyncIterable<Buffer> }> {
  const iterador = origen[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const leidos: Buffer[] = [];
  let total = 0;
  while (total < n) {
    const siguiente = await iterador.next();
    if (siguiente.done) break;
    leidos.push(siguiente.value);
    total += siguiente.value.length;
  }
  async function* todo() {
    yield* leidos;
    for (let siguiente = await iterador.next(); !siguiente.done; siguiente = await iterador.next())
      yield siguiente.value;
  }
  return { muestra: Buffer.concat(leidos).subarray(0, n), todo: todo() };
}

/**
 * The file as text in pieces of at most TROZO characters, decoded across the pieces (an «ó» split in two stays one).
 */
async function* trozosDeTexto(bytes: AsyncIterable<Buffer>, codificacion: Codificacion): AsyncGenerator<string> {
  // The byte-order mark is dropped by the decoder; bytes no encoding gives a character become U+FFFD.
  const decoder = new TextDecoder(codificacion);
  for await (const parte of bytes) {
    const texto = decoder.decode(parte, { stream: true });
    for (let i = 0; i < texto.length; i += TROZO) yield texto.slice(i, i + TROZO);
  }
  const resto = decoder.decode();
  if (resto) yield resto;
}

async function* filasCsv(bytes: AsyncIterable<Buffer>, codificacion: Codificacion): AsyncGenerator<string[]> {
  const lector = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' });
  const texto = Readable.from(trozosDeTexto(bytes, codificacion));
  texto.on('error', (err) => lector.destroy(err));
  for await (const fila of texto.pipe(lector)) yield fila as string[];
}

/** The rows a sheet can have in Excel. */
const FILAS_MAX_XLSX = 1_048_576;

async function* filasXlsx(origen: Readable): AsyncGenerator<string[]> {
  const libro = new ExcelJS.stream.xlsx.WorkbookReader(origen, {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  for await (const hoja of libro) {
    let anterior = 0;
    for await (const fila of hoja) {
      // Excel writes each row once, in order, and a sheet has at most 1,048,576: a file whose rows repeat or run
      // backwards (a few hundred KB that would read as millions of rows) is not a spreadsheet, and is refused now
      // rather than at its time limit.
      const numero = (fila as ExcelJS.Row).number;
      if (numero <= anterior || numero > FILAS_MAX_XLSX) throw new Error(`fila ${numero} tras la ${anterior}`);
      anterior = numero;
      // row.values is 1-based and sparse: cell A is index 1.
      const valores = (fila as ExcelJS.Row).values as ExcelJS.CellValue[];
      const celdas = Array.from({ length: Math.max(0, valores.length - 1) }, (_, i) => textoDeCelda(valores[i + 1]));
      if (celdas.some((c) => c.trim() !== '')) yield celdas;
    }
    return; // the first sheet only
  }
}

/**
 * The rows of a spreadsheet, read as they stream (papaparse's stream, exceljs' streaming reader): memory holds one
 * row at a time, whatever the file's size. A CSV is read in `codificacion`, or in the one its first bytes show
 * (`detectada` says which). The first row is the header; a BOM left in it is dropped.
 */
export async function leerPlanilla(
  origen: Readable,
  formato: 'csv' | 'xlsx',
  codificacion: Codificacion | null,
): Promise<{ codificacion: Codificacion | null; filas: AsyncGenerator<string[]> }> {
  if (formato === 'xlsx') return { codificacion: null, filas: sinBom(filasXlsx(origen)) };
  const { muestra, todo } = await muestraDe(origen, MUESTRA);
  const usada = codificacion ?? detectarCodificacion(muestra);
  return { codificacion: usada, filas: sinBom(filasCsv(todo, usada)) };
}

async function* sinBom(filas: AsyncGenerator<string[]>): AsyncGenerator<string[]> {
  let primera = true;
  for await (const fila of filas) {
    if (primera && fila[0]) fila[0] = fila[0].replace(/^\ufeff/, '');
    primera = false;
    yield fila;
  }
}
