import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** What both drivers' raw results have in common: `execute()` answers `{ rows }`. */
export interface Rows<T> {
  rows: T[];
}
export interface RowsResult extends PgQueryResultHKT {
  type: Rows<this['row']>;
}
/** The database as areas see it: the same type whether PGlite or node-postgres is underneath. */
export type Db = PgDatabase<RowsResult, Schema>;
export type Tx = PgTransaction<RowsResult, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  /** 'pglite' (embedded) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `${dataDir}/db`. Drivers load lazily. */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  mkdirSync(opts.dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(`${opts.dataDir}/db`, { extensions: { pg_trgm } });
  return wrapPglite(client);
}

export async function openPostgres(
  url: string,
  onIdleError: (err: Error) => void = (err) => console.error(`Conexión a PostgreSQL perdida: ${err.message}`),
): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not take the process down.
  pool.on('error', onIdleError);
  // Fail now with the driver's message rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  return { db: drizzle(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

export async function wrapPglite(client: PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  return { db: drizzle(client, { schema }) as unknown as Db, kind: 'pglite', close: () => client.close() };
}
