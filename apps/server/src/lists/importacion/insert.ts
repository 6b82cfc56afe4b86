import { getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';

/**
 * A batch of rows inserted as one `insert … select * from unnest($1::text[], $2::integer[], …)`: one parameter per
 * column instead of one per cell (a thousand rows of 18 columns bind 18 arrays, not 18,000 values), so a
 * spreadsheet's rows cost PostgreSQL's time rather than the driver's. Answers the new ids in the rows' order.
 */
export async function insertarFilas<T extends PgTable>(
  tx: Tx,
  tabla: T,
  id: AnyPgColumn,
  filas: readonly T['$inferInsert'][],
): Promise<number[]> {
  if (filas.length === 0) return [];
  const columnas = Object.entries(getTableColumns(tabla)).filter(([key]) =>
    filas.some((f) => (f as Record<string, unknown>)[key] !== undefined),
  );
  const nombres = sql.join(
    columnas.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const arreglos = sql.join(
    columnas.map(
      ([key, c]) =>
        sql`${sql.param(filas.map((f) => (f as Record<string, unknown>)[key] ?? null))}::${sql.raw(c.getSQLType())}[]`,
    ),
    sql`, `,
  );
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into ${tabla} (${nombres}) select * from unnest(${arreglos}) returning ${sql.identifier(id.name)} as id`,
  );
  return rows.map((r) => Number(r.id));
}
