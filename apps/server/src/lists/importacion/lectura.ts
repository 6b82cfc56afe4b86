import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/** The file kinds an import reads: spreadsheets, or files an area reads itself (certificates). */
export type Formato = 'csv' | 'xlsx' | 'certificados';

/** The most an area's own file (not a spreadsheet) may weigh: it is read whole. */
const MAX_ARCHIVO_PROPIO = 20 * 1024 * 1024;

/** A small file read whole, for an area's own reader. */
export async function leerEntero(origen: Readable): Promise<Buffer> {
  const partes: Buffer[] = [];
  let total = 0;
  for await (const parte of origen) {
    total += (parte as Buffer).length;
    if (total > MAX_ARCHIVO_PROPIO) throw new Error('archivo demasiado grande para leerlo entero');
    partes.push(parte as Buffer);
  }
  return Buffer.concat(partes);
}

/** `.xlsx` by its name or its ZIP signature; anything else is read as CSV (comma or semicolon, guessed). */
export function formatoDe(nombre: string, inicio: Buffer): Formato {
  if (/\.xlsx$/i.test(nombre)) return 'xlsx';
  return inicio.subarray(0, 2).toString('latin1') === 'PK' ? 'xlsx' : 'csv';
}

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

/** The file as text in pieces of at most TROZO characters, decoded across the pieces (an «ó» split in two stays one). */
async function* trozosDeTexto(origen: Readable): AsyncGenerator<string> {
  origen.setEncoding('utf8');
  for await (const texto of origen as AsyncIterable<string>) {
    for (let i = 0; i < texto.length; i += TROZO) yield texto.slice(i, i + TROZO);
  }
}

async function* filasCsv(origen: Readable): AsyncGenerator<string[]> {
  const lector = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' });
  const texto = Readable.from(trozosDeTexto(origen));
  texto.on('error', (err) => lector.destroy(err));
  for await (const fila of texto.pipe(lector)) yield fila as string[];
}

async function* filasXlsx(origen: Readable): AsyncGenerator<string[]> {
  const libro = new ExcelJS.stream.xlsx.WorkbookReader(origen, { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
  for await (const hoja of libro) {
    for await (const fila of hoja) {
      // row.values is 1-based and sparse: cell A is index 1.
      const valores = (fila as ExcelJS.Row).values as ExcelJS.CellValue[];
      const celdas = Array.from({ length: Math.max(0, valores.length - 1) }, (_, i) => textoDeCelda(valores[i + 1]));
      if (celdas.some((c) => c.trim() !== '')) yield celdas;
    }
    return; // the first sheet only
  }
}

/**
 * The rows of a spreadsheet, read as they stream from the store (papaparse's stream, exceljs' streaming reader):
 * memory holds one row at a time, whatever the file's size. The first row is the header; its BOM is dropped.
 */
export async function* leerFilas(origen: Readable, formato: Formato): AsyncGenerator<string[]> {
  let primera = true;
  for await (const fila of formato === 'xlsx' ? filasXlsx(origen) : filasCsv(origen)) {
    if (primera && fila[0]) fila[0] = fila[0].replace(/^\ufeff/, '');
    primera = false;
    yield fila;
  }
}
