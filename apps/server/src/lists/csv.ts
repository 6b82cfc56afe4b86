import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { ZONA_HORARIA } from '../core/fechas.ts';

/** The portal's staff read dates in Argentina's time. */

export type CsvValue = string | number | boolean | Date | null | undefined;

/** One column of an export: its Spanish header and how a row fills it. */
export interface CsvColumn<Row> {
  titulo: string;
  valor: (row: Row) => CsvValue;
}

const partes = (date: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('es-AR', {
      timeZone: ZONA_HORARIA,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<'day' | 'month' | 'year' | 'hour' | 'minute', string>;

/** dd/mm/aaaa HH:mm, as staff write dates. */
export function fechaHora(date: Date): string {
  const p = partes(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** What a spreadsheet reads as the start of a formula (OWASP "CSV injection"): `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet would run as a formula gets a leading `'`, so it shows as the text it is.
 * Numbers are not passed here: a negative number is data (`-10` days left) and carries no formula.
 */
export function sinFormula(texto: string): string {
  return FORMULA.test(texto) ? `'${texto}` : texto;
}

/** `servidores-2026-03-09.csv`: the list's name and today's date. */
export function csvFilename(nombre: string, today = new Date()): string {
  const p = partes(today);
  return `${nombre}-${p.year}-${p.month}-${p.day}.csv`;
}

/**
 * Streams a list as CSV: UTF-8 with a BOM (so Excel reads accents right), a header row, comma-separated,
 * dates as dd/mm/aaaa HH:mm, text that a spreadsheet would run as a formula neutralised (`sinFormula`).
 * Rows are pulled batch by batch as the client reads, so memory stays bounded whatever the number of rows,
 * and a client that goes away stops the reading.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  opts: { nombre: string; columnas: readonly CsvColumn<Row>[]; filas: AsyncIterable<Row[]> },
): void {
  const { columnas, filas } = opts;
  async function* records() {
    for await (const batch of filas) {
      for (const row of batch) yield columnas.map((c) => c.valor(row) ?? null);
    }
  }
  const csv = stringify({
    bom: true,
    header: true,
    columns: columnas.map((c) => c.titulo),
    cast: { string: sinFormula, date: fechaHora, boolean: (value) => (value ? 'Sí' : 'No') },
  });
  pipeline(Readable.from(records()), csv).catch((err: unknown) => {
    reply.log.error({ err }, 'exportación CSV interrumpida');
  });
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFilename(opts.nombre)}"`)
    .send(csv);
}
