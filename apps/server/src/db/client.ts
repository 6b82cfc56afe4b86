import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient, QueryResult } from 'pg';
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

/** node-postgres' pool behind drizzle (`db.$client`, as drizzle documents it); undefined on PGlite. */
export function poolDe(db: Db): Pool | undefined {
  const cliente = (db as unknown as { $client: PGlite | Pool }).$client;
  return 'dumpDataDir' in cliente ? undefined : cliente;
}

export type SqlCrudo = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  /** 'pglite' (embedded) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` with each NOTIFY payload on `channel`. `onState(false)` says notifications may be
   * missed from now on (the listening connection dropped), `onState(true)` that they flow again.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onState: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  /** Queries waiting for a free connection of the pool (always 0 on PGlite, which has one, in the process). */
  enEspera(): number;
  /** The pool's connections right now (PGlite: its one connection, in the process). */
  conexiones(): { total: number; libres: number; enEspera: number };
  /**
   * Runs SQL text as a library that brings its own SQL hands it over (the job queue): with values, one
   * statement with $1… parameters; without, one or more statements, answering the last one's rows.
   */
  sql: SqlCrudo;
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

/** How long a call waits for a connection (a free one of the pool, or a new one) before it fails. */
const CONEXION_MS = 5000;

/**
 * The settings of every pooled connection. Statements are prepared (preparaSentencias) to skip their parse, but each
 * execution is still planned for its own values, as an unnamed one is: a generic plan would guess a filter's share
 * of rows (`activo = $1`: half, not the 2 % inactive) and a LIMIT's, and could walk the wrong index for a skewed
 * list. The benches replay the routes' statements with pgbench under the same settings.
 */
export const OPCIONES_DE_CONEXION = '-c plan_cache_mode=force_custom_plan';

export async function openPostgres(
  url: string,
  onIdleError: (err: Error) => void = (err) => console.error(`Conexión a PostgreSQL perdida: ${err.message}`),
): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // While the database is away a call fails within seconds (503) instead of waiting for a connection forever.
    connectionTimeoutMillis: CONEXION_MS,
    // A peer that vanished without closing (a network cut) is noticed rather than waited on.
    keepAlive: true,
    options: OPCIONES_DE_CONEXION,
  });
  // An idle connection dropped by the server (restart, failover) must not take the process down.
  pool.on('error', onIdleError);
  // Nor one in use between two statements (a transaction): the pool listens only to idle ones, and its user's
  // next statement fails (and the pool discards it) instead.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    preparaSentencias(client);
  });
  // Fail now with the driver's message rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    listen: (channel, onNotify, onState) => listenPostgres(url, channel, onNotify, onState),
    enEspera: () => pool.waitingCount,
    conexiones: () => ({ total: pool.totalCount, libres: pool.idleCount, enEspera: pool.waitingCount }),
    sql: async (text, values) => {
      // Several statements (no values) answer one result each: the last one's rows, as PGlite's below.
      const result: QueryResult | QueryResult[] = await pool.query(text, values);
      return Array.isArray(result) ? { rows: result.at(-1)?.rows ?? [] } : result;
    },
    close: () => pool.end(),
  };
}

/**
 * How many statements one connection keeps prepared. The list engine's texts are a bounded set (each list, sort,
 * filter and paging path gives one text; values always travel as parameters), but a statement whose text varies
 * with its data (a batch insert of n rows) would otherwise add one per n: past this, statements run unnamed.
 */
const PREPARADAS_POR_CONEXION = 500;

/**
 * Every statement drizzle sends with parameters is given a name from a hash of its text, so node-postgres parses
 * it once per connection and then only binds and executes it (docs/architecture.md, `db/`).
 * Without parameters a text may hold several statements, which the extended protocol refuses: those stay unnamed.
 * Named statements are planned like unnamed ones (plan_cache_mode in openPostgres): what they save is the parse.
 */
function preparaSentencias(client: PoolClient): void {
  const nombres = new Set<string>();
  const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  const conNombre = (config: unknown, values: unknown): unknown => {
    if (
      typeof config !== 'object' ||
      config === null ||
      !Array.isArray(values) ||
      values.length === 0 ||
      'submit' in config ||
      ('name' in config && (config as { name?: unknown }).name !== undefined)
    )
      return config;
    const text = (config as { text?: unknown }).text;
    if (typeof text !== 'string') return config;
    const name = `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (!nombres.has(name)) {
      if (nombres.size >= PREPARADAS_POR_CONEXION) return config;
      nombres.add(name);
    }
    return { ...config, name };
  };
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) =>
    query(conNombre(config, values), values, callback);
}

/** LISTEN on a connection of its own, outside the pool; a dropped connection is reopened every second. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (live: boolean) => void,
): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  let client: InstanceType<typeof pg.Client> | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (c: InstanceType<typeof pg.Client>) => {
    if (client !== c) return;
    client = undefined;
    onState(false);
    c.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void open().catch(() => undefined), 1000);
  };
  const open = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONEXION_MS, keepAlive: true });
    c.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
    } catch (err) {
      lost(c);
      throw err;
    }
    if (client === c) onState(true);
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

export async function wrapPglite(client: PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: 'pglite',
    // In-process: notifications cannot be lost, so the feed is live from the start.
    listen: async (channel, onNotify, onState) => {
      const unlisten = await client.listen(channel, onNotify);
      onState(true);
      return () => unlisten();
    },
    enEspera: () => 0,
    conexiones: () => ({ total: 1, libres: 1, enEspera: 0 }),
    sql: async (text, values) =>
      values && values.length > 0 ? client.query(text, values) : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
    close: () => client.close(),
  };
}
