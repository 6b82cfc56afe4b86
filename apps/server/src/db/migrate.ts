import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Db } from './client.ts';

export class MigrationError extends Error {}

/** Arbitrary constant shared by every server process: one migrates, the others wait. */
const MIGRATION_LOCK = 7_201_002;

/**
 * Applies the committed drizzle-kit migrations that are not applied yet, all in one transaction, so a failure
 * leaves the database as it was. The bookkeeping table is drizzle's own, so `drizzle-kit migrate` agrees.
 */
export async function migrate(db: Db, folder: string = MIGRATIONS_DIR): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  let applied = 0;
  let current = '';
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      await tx.execute(sql`create schema if not exists drizzle`);
      await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (
        id serial primary key, hash text not null, created_at bigint)`);
      const last = await tx.execute<{ created_at: string | number }>(
        sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      );
      const lastMillis = last.rows[0] ? Number(last.rows[0].created_at) : -1;
      for (const [i, m] of migrations.entries()) {
        if (m.folderMillis <= lastMillis) continue;
        current = journal.entries[i]?.tag ?? String(m.folderMillis);
        for (const stmt of m.sql) {
          if (stmt.trim()) await tx.execute(sql.raw(stmt));
        }
        await tx.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`,
        );
        applied += 1;
      }
    });
  } catch (err) {
    throw new MigrationError(
      `No se pudo migrar la base de datos (migración ${current || 'inicial'}): ${rootMessage(err)}. ` +
        'No se aplicó ningún cambio; corrija el problema y vuelva a iniciar.',
      { cause: err },
    );
  }
  return applied;
}

/**
 * Whether the database holds this build's last committed migration (or a later one: another process of a newer
 * build may have migrated it further). For `GET /readyz`: one small query.
 */
export async function migracionesAlDia(db: Db, folder: string = MIGRATIONS_DIR): Promise<boolean> {
  const ultima = readMigrationFiles({ migrationsFolder: folder }).at(-1)?.folderMillis ?? -1;
  const r = await db.execute<{ n: string | number }>(
    sql`select count(*) as n from drizzle.__drizzle_migrations where created_at >= ${ultima}`,
  );
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/** Drizzle wraps the driver's error ("Failed query: ..."); the driver's own message says what went wrong. */
function rootMessage(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}
