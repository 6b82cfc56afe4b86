import type { Readable } from 'node:stream';

// What the API's thread reads of an uploaded file itself: its kind, by its name or first bytes, and an area's own
// small file whole. The spreadsheets' readers (lectura.ts) load in the worker thread only.

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
export function formatoDe(nombre: string, inicio: Buffer): 'csv' | 'xlsx' {
  if (/\.xlsx$/i.test(nombre)) return 'xlsx';
  return inicio.subarray(0, 2).toString('latin1') === 'PK' ? 'xlsx' : 'csv';
}
