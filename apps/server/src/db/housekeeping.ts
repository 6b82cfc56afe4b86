import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { intentosIngreso, sesionFamilias, sesiones } from './schema.ts';

/** Shared by every server process: the one that holds it cleans, the others skip this round. */
const HOUSEKEEPING_LOCK = 7_201_004;
const HOUR = 60 * 60 * 1000;

/**
 * Deletes sessions that can no longer be used (revoked, expired or idle past the limit), the browsers' sign-ins
 * (renewal families) that can no longer be renewed, and sign-in attempts
 * older than a day (throttling looks back an hour at most). Answers how many rows went, or null when another
 * process was doing it.
 */
export async function housekeeping(
  db: Db,
  idleMinutes: number,
): Promise<{ sesiones: number; intentos: number } | null> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) as ok`);
    if (!lock.rows[0]?.ok) return null;
    const gone = await tx
      .delete(sesiones)
      .where(
        sql`${sesiones.revocada} is not null or ${sesiones.vence} < now()
            or ${sesiones.ultimoUso} < now() - make_interval(secs => ${idleMinutes * 60})`,
      )
      .returning({ id: sesiones.id });
    // A browser's sign-in with no session left that can no longer be renewed: ended, past its lifetime, or idle.
    await tx.delete(sesionFamilias).where(
      sql`${sesionFamilias.revocada} is not null or ${sesionFamilias.vence} < now()
            or (${sesionFamilias.ultimoUso} < now() - make_interval(secs => ${idleMinutes * 60})
                and not exists (select 1 from "sesiones" s where s.familia_id = ${sesionFamilias.id}))`,
    );
    const old = await tx
      .delete(intentosIngreso)
      .where(sql`${intentosIngreso.fecha} < now() - interval '1 day'`)
      .returning({ id: intentosIngreso.id });
    return { sesiones: gone.length, intentos: old.length };
  });
}

/** Cleans now and then every hour; the timer never keeps the process alive. Answers the stop function. */
export function startHousekeeping(db: Db, idleMinutes: number, onError: (err: unknown) => void): () => void {
  const run = () => void housekeeping(db, idleMinutes).catch(onError);
  run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return () => clearInterval(timer);
}
