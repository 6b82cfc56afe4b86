import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Rows one statement deletes at most: each batch is its own short transaction, so no lock is held for long. */
const TANDA_BORRADO = 5000;

/**
 * Deletes the rows of `tabla` that match `donde`, a batch at a time (found through `donde`'s index, deleted
 * by their ctid), until none is left; answers how many went. For the retention jobs.
 */
export async function borrarEnTandas(db: Db, tabla: string, donde: SQL, tanda = TANDA_BORRADO): Promise<number> {
  const t = sql.identifier(tabla);
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ n: number }>(sql`
      with borrados as (
        delete from ${t} where ctid = any(array(select ctid from ${t} where ${donde} limit ${tanda})) and ${donde}
        returning 1
      )
      select count(*)::int as n from borrados`);
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < tanda) return total;
  }
}
