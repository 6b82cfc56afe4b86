import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { conteos } from '../db/schema.ts';

/**
 * The exact number of rows of a table that keeps its count in `conteos` (see migration 0004): what an
 * unfiltered list answers as its total without scanning the table.
 */
export async function filasDe(db: Executor, tabla: string): Promise<number> {
  const [row] = await db.select({ filas: conteos.filas }).from(conteos).where(eq(conteos.tabla, tabla));
  if (!row) throw new Error(`la tabla ${tabla} no lleva su conteo en conteos`);
  return row.filas;
}
