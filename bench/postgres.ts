import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Client } from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';

// The benches' PostgreSQL: the machine's own unless BENCH_DATABASE_URL names another.

const repoRoot = new URL('..', import.meta.url).pathname;
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
export const postgresDelBench = () => process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;

/** The same server's URL for another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A connection to the server's `postgres` database, for creating and dropping the bench's own. A bench that
 * measures PostgreSQL fails here when it does not answer: it never falls back to PGlite. Close it with end().
 */
export async function adminDePostgres(mide: string): Promise<Client> {
  const { default: pg } = await import('pg');
  const url = withDatabase(postgresDelBench(), 'postgres');
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL no responde en ${url} (${(err as Error).message}): este bench mide ${mide} en PostgreSQL y no usa PGlite.`,
    );
  }
  return admin;
}

/**
 * A database the bench keeps between runs, `nombre`: its data takes minutes to build, so it is built once and
 * rebuilt when `datos` (what `llenar` puts in) changes. A migration added since is applied to it, as a deploy
 * applies it to a production database (and analysed, for its new indexes), instead of building 10M rows again.
 * `llenar` migrates and fills the new, empty database; the version it was built for is written beside it (table
 * bench_datos, `<last migration>|<datos>`). Answers its URL.
 */
export async function baseGuardada(
  admin: Client,
  opts: { nombre: string; datos: string; descripcion: string; llenar: (databaseUrl: string) => Promise<void> },
): Promise<string> {
  const { default: pg } = await import('pg');
  const databaseUrl = withDatabase(postgresDelBench(), opts.nombre);
  const journal = JSON.parse(readFileSync(join(repoRoot, 'apps/server/drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const version = `${journal.entries.at(-1)?.tag}|${opts.datos}`;
  let guardada: string | undefined;
  if ((await admin.query('select 1 from pg_database where datname = $1', [opts.nombre])).rowCount === 1) {
    const base = new pg.Client({ connectionString: databaseUrl });
    await base.connect();
    try {
      guardada = (await base.query<{ version: string }>('select version from bench_datos').catch(() => ({ rows: [] })))
        .rows[0]?.version;
    } finally {
      await base.end();
    }
  }
  if (guardada === version) {
    console.log(`Usando ${opts.nombre} (${opts.descripcion}, ya construida para esta versión)`);
    return databaseUrl;
  }
  if (guardada?.slice(guardada.indexOf('|') + 1) === opts.datos) {
    // A migration changed after this database applied it (while uncommitted) fails here: then it is rebuilt.
    const migrada = await migrarGuardada(databaseUrl, opts.nombre, version).then(
      () => true,
      (err: Error) => {
        console.log(`  no se pudo migrar (${err.message}): se reconstruye`);
        return false;
      },
    );
    if (migrada) return databaseUrl;
  }
  console.log(`Construyendo ${opts.nombre}: ${opts.descripcion}...`);
  const desde = Date.now();
  await admin.query(`drop database if exists ${opts.nombre} with (force)`);
  await admin.query(`create database ${opts.nombre}`);
  await opts.llenar(databaseUrl);
  const base = new pg.Client({ connectionString: databaseUrl });
  await base.connect();
  try {
    await base.query('create table bench_datos (version text not null)');
    await base.query('insert into bench_datos (version) values ($1)', [version]);
  } finally {
    await base.end();
  }
  console.log(`  construida en ${Math.round((Date.now() - desde) / 1000)} s`);
  return databaseUrl;
}

/** The kept database with the migrations added since it was built, analysed, marked with this version. */
async function migrarGuardada(databaseUrl: string, nombre: string, version: string): Promise<void> {
  console.log(`Migrando ${nombre} (sus datos siguen vigentes; se aplican las migraciones nuevas)...`);
  const desde = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-bench-migrar-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const aplicadas = await migrate(database.db);
    await database.db.execute(sql`analyze`);
    await database.db.execute(sql`update bench_datos set version = ${version}`);
    console.log(`  ${aplicadas} migraciones aplicadas en ${Math.round((Date.now() - desde) / 1000)} s`);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
