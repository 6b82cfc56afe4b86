import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'pg';

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
    throw new Error(`PostgreSQL no responde en ${url} (${(err as Error).message}): este bench mide ${mide} en PostgreSQL y no usa PGlite.`);
  }
  return admin;
}

/**
 * A database the bench keeps between runs, `nombre`: its data takes minutes to build, so it is built once and
 * rebuilt when a migration is added or `datos` (what `llenar` puts in) changes. `llenar` migrates and fills the
 * new, empty database; the version it was built for is written beside it (table bench_datos). Answers its URL.
 */
export async function baseGuardada(
  admin: Client,
  opts: { nombre: string; datos: string; descripcion: string; llenar: (databaseUrl: string) => Promise<void> },
): Promise<string> {
  const { default: pg } = await import('pg');
  const databaseUrl = withDatabase(postgresDelBench(), opts.nombre);
  const journal = JSON.parse(readFileSync(join(repoRoot, 'apps/server/drizzle/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const version = `${journal.entries.at(-1)?.tag}|${opts.datos}`;
  let vigente = false;
  if ((await admin.query('select 1 from pg_database where datname = $1', [opts.nombre])).rowCount === 1) {
    const base = new pg.Client({ connectionString: databaseUrl });
    await base.connect();
    try {
      vigente = (await base.query<{ version: string }>('select version from bench_datos').catch(() => ({ rows: [] }))).rows[0]?.version === version;
    } finally {
      await base.end();
    }
  }
  if (vigente) {
    console.log(`Usando ${opts.nombre} (${opts.descripcion}, ya construida para esta versión)`);
    return databaseUrl;
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
