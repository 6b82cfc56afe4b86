import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants } from 'node:zlib';
import { stringify } from 'csv-stringify';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply, RouteShorthandOptions } from 'fastify';
import type { Pool } from 'pg';
import { poolDe, type Db, type Executor } from '../db/client.ts';
import {
  listBatches,
  listTodas,
  type ListQueryBase,
  type ListSource,
  type ListSpec,
  type TodasLasFilas,
} from './list.ts';
import { ZONA_HORARIA } from '../core/fechas.ts';

/** The portal's staff read dates in Argentina's time. */

export type CsvValue = string | number | boolean | Date | null | undefined;

/** One column of an export: its Spanish header and how a row fills it. */
export interface CsvColumn<Row> {
  titulo: string;
  valor: (row: Row) => CsvValue;
}

/**
 * How a value is written: text guarded against formulas, a number as is, an instant in ISO 8601 (Argentina's time
 * with its offset), Sí/No. A day is a text already in ISO 8601 (aaaa-mm-dd): spreadsheets read both as dates.
 */
export type CsvTipo = 'texto' | 'numero' | 'fecha' | 'booleano';

/** A column of a list that PostgreSQL can write itself: the same value read in SQL, and its kind. */
export interface CsvColumnaSql<Row> extends CsvColumn<Row> {
  sql: SQLWrapper;
  tipo: CsvTipo;
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
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'second', string>;

const dos = (n: number) => String(n).padStart(2, '0');

/**
 * An instant in ISO 8601 as the CSV writes it: Argentina's time, to the second, with its
 * offset (2026-11-24T14:43:05-03:00).
 */
export function instanteIso(date: Date): string {
  const p = partes(date);
  const local = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  const minutos = Math.round((local - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const desfase = `${minutos < 0 ? '-' : '+'}${dos(Math.floor(Math.abs(minutos) / 60))}:${dos(Math.abs(minutos) % 60)}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${desfase}`;
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
 * instants in ISO 8601 (`instanteIso`), text that a spreadsheet would run as a formula neutralised (`sinFormula`).
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
    cast: { string: sinFormula, date: instanteIso, boolean: (value) => (value ? 'Sí' : 'No') },
  });
  pipeline(Readable.from(records()), csv).catch((err: unknown) => {
    reply.log.error({ err }, 'exportación CSV interrumpida');
  });
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFilename(opts.nombre)}"`)
    .send(csv);
}

/**
 * The value as `sendCsv` writes it, written by PostgreSQL: the same formula guard (a leading `'`), instants in
 * ISO 8601 in Argentina's time with its offset, Sí/No; an empty text stays an empty cell (COPY would quote it).
 * The value is read up to three times: `sendListCsv` passes it up computed, as a column of the select below.
 */
function escrito(valor: SQLWrapper, tipo: CsvTipo): SQL {
  switch (tipo) {
    case 'texto':
      // The first character's code (= + - @ tab CR) compared as an integer: left(…, 1) in (six texts) cost 0.3 µs
      // a cell.
      return sql`case when ascii(${valor}) in (61, 43, 45, 64, 9, 13) then '''' || ${valor} else nullif(${valor}, '') end`;
    case 'numero':
      return sql`${valor}`;
    case 'fecha':
      // In the session's time zone, Argentina's (ZONA_DEL_CSV): one to_char, where converting to both zones and
      // subtracting them for the offset cost 3.8 s a million cells.
      return sql`to_char(${valor}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`;
    case 'booleano':
      return sql`case when ${valor} then 'Sí' when not ${valor} then 'No' end`;
  }
}

/** What the transaction that runs `camposCsv` says first: its instants are written in Argentina's time. */
export const ZONA_DEL_CSV = `set local time zone '${ZONA_HORARIA}'`;

/**
 * The fields of the select that COPY writes: each column formatted, named by its title (COPY's header), its value
 * read from `valor` (the column's own SQL unless said).
 */
export function camposCsv<Row>(
  columnas: readonly CsvColumnaSql<Row>[],
  valor: (columna: CsvColumnaSql<Row>, i: number) => SQLWrapper = (c) => c.sql,
): Record<string, SQL.Aliased> {
  return Object.fromEntries(columnas.map((c, i) => [`c${i}`, escrito(valor(c, i), c.tipo).as(c.titulo)]));
}

/**
 * How an export route compresses (its `compress` option): gzip at level 1 or brotli at quality 1. A list's CSV at
 * 1M rows is 50–180 MB, and the answers' usual gzip 6 or brotli 4 cost the server about 2 s of CPU for 150 MB and
 * the download waited on it; these cost a third, and a CSV still shrinks about fivefold (brotli 1: 56 MB to 8 MB).
 */
export const compresionCsv: Exclude<RouteShorthandOptions['compress'], false | undefined> = {
  encodings: ['br', 'gzip'],
  zlibOptions: { level: 1 },
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
};

/** COPY takes no parameters: the values are written into the text by drizzle as quoted literals. */
const dialecto = new PgDialect();
export function textoDeCopia(consulta: SQLWrapper): string {
  return dialecto.sqlToQuery(sql`copy (${consulta}) to stdout with (format csv, header true)`.inlineParams()).sql;
}

/**
 * A list that grows large, exported by PostgreSQL itself: `COPY (the filtered, ordered select) TO STDOUT`
 * streamed through to the client (pg-copy-streams), so a million rows cost PostgreSQL's time and flat memory
 * here, never a JavaScript object per row. The same file as `sendCsv` writes (BOM, header, formats). Without a
 * pool (PGlite, embedded), `sendCsv` reads the rows in batches instead. An error before the first byte is the
 * call's error; after it, the download is cut and logged. A client that goes away ends the COPY (its
 * connection is closed, not handed back mid-COPY). The COPY runs in a transaction of its own, for its settings.
 */
async function sendCsvCopiado<Row>(
  reply: FastifyReply,
  opts: {
    nombre: string;
    columnas: readonly CsvColumnaSql<Row>[];
    filas: () => AsyncIterable<Row[]>;
    pool: Pool | undefined;
    /** The whole filtered list in its order, as COPY writes it. */
    consulta: SQLWrapper;
  },
): Promise<void> {
  if (!opts.pool) {
    sendCsv(reply, { nombre: opts.nombre, columnas: opts.columnas, filas: opts.filas() });
    return;
  }
  const { to } = await import('pg-copy-streams');
  const conexion = await opts.pool.connect();
  let copia: ReturnType<typeof to>;
  try {
    // The literals are quoted as standard strings (a backslash is itself): said, not assumed of the server.
    await conexion.query(`begin; set local standard_conforming_strings = on; ${ZONA_DEL_CSV}`);
    copia = conexion.query(to(textoDeCopia(opts.consulta)));
    await new Promise<void>((resolve, reject) => {
      copia.once('readable', resolve);
      copia.once('error', reject);
    });
  } catch (err) {
    conexion.release(err instanceof Error ? err : true);
    throw err;
  }
  const salida = new PassThrough();
  salida.write('\ufeff');
  pipeline(copia, salida)
    .then(() => conexion.query('commit'))
    .then(
      () => conexion.release(),
      (err: unknown) => {
        conexion.release(err instanceof Error ? err : true);
        reply.log.error({ err }, 'exportación CSV interrumpida');
      },
    );
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFilename(opts.nombre)}"`)
    .send(salida);
}

/**
 * The export of a list that grows large (`GET …/export.csv`): the filtered list as the page reads it, written
 * by PostgreSQL (COPY) or, on PGlite, row by row in keyset batches. The route returns its reply after it.
 */
export async function sendListCsv<Row extends { id: number }, Query extends ListQueryBase>(
  reply: FastifyReply,
  db: Db,
  opts: {
    nombre: string;
    columnas: readonly CsvColumnaSql<Row>[];
    spec: ListSpec<Query>;
    query: Query;
    source: (db: Executor) => ListSource<Row>;
    todas: (db: Executor) => TodasLasFilas;
  },
): Promise<void> {
  await sendCsvCopiado(reply, {
    nombre: opts.nombre,
    columnas: opts.columnas,
    filas: () => listBatches(opts.spec, opts.query, opts.source(db)),
    pool: poolDe(db),
    consulta: listTodas(
      opts.spec,
      opts.query,
      opts.todas(db),
    )(Object.fromEntries(opts.columnas.map((c, i) => [`c${i}`, sql`${c.sql}`.as(`c${i}`)])), (fila) => {
      const campos = camposCsv(opts.columnas, (_c, i) => sql`${fila}.${sql.identifier(`c${i}`)}`);
      return sql.join(
        Object.values(campos).map((c) => sql`${c.getSQL()} as ${sql.identifier(c.fieldAlias)}`),
        sql`, `,
      );
    }),
  });
}
