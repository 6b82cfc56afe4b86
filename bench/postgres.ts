import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Client, Pool } from 'pg';
import { OPCIONES_DE_CONEXION, openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';

// The benches' PostgreSQL: the machine's own unless BENCH_DATABASE_URL names another.

const repoRoot = new URL('..', import.meta.url).pathname;
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
export const postgresDelBench = () => process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;

/** The rows of one statement, on a connection of its own to `databaseUrl` (closed after). */
export async function consultar<Fila extends object>(
  databaseUrl: string,
  texto: string,
  valores: unknown[] = [],
): Promise<Fila[]> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query<Fila>(texto, valores)).rows;
  } finally {
    await c.end();
  }
}

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
  // The settings that move the figures most (docs/operations.md, "PostgreSQL's settings"), for the reader to know
  // which server was measured: with the default 128 MB of shared_buffers, bulk changes read their indexes again and
  // again.
  const { rows } = await admin.query<{ version: string; buffers: string; wal: string; compresion: string }>(
    `select current_setting('server_version') as version, current_setting('shared_buffers') as buffers,
            current_setting('max_wal_size') as wal, current_setting('wal_compression') as compresion`,
  );
  const s = rows[0]!;
  console.log(
    `PostgreSQL ${s.version} (contexto): shared_buffers ${s.buffers}, max_wal_size ${s.wal}, wal_compression ${s.compresion}`,
  );
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
    await baseAlDia(databaseUrl);
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
    if (migrada) {
      await baseAlDia(databaseUrl);
      return databaseUrl;
    }
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
  await baseAlDia(databaseUrl);
  return databaseUrl;
}

/** Tables below this many 8 kB pages are not looked at: a page or two read either way costs nothing. */
const PAGINAS_MINIMAS = 128;
/**
 * Visible to all (the visibility map set) on at least this share of a table's pages: index-only scans skip the heap.
 */
const VISIBLES_MINIMO = 0.95;
/** Rows changed since the last ANALYZE, as a share of the live ones, past which the statistics are stale. */
const CAMBIADAS_MAXIMO = 0.02;
/** How long to wait for a transaction (of this database) that keeps VACUUM from marking the pages. */
const ESPERA_VISIBLES_MS = 60_000;

interface EstadoTabla {
  tabla: string;
  paginas: number;
  visibles: number;
  muertas: number;
  cambiadas: number;
  vivas: number;
  analizada: boolean;
}

async function estadoDeTablas(base: Client): Promise<EstadoTabla[]> {
  const { rows } = await base.query<EstadoTabla>(
    `select c.oid::regclass::text as tabla, c.relpages as paginas, c.relallvisible as visibles,
            s.n_dead_tup::int as muertas, s.n_mod_since_analyze::int as cambiadas, s.n_live_tup::int as vivas,
            coalesce(s.last_analyze, s.last_autoanalyze) is not null as analizada
       from pg_class c join pg_stat_user_tables s on s.relid = c.oid
      where c.relkind in ('r', 'm') and c.relpages >= $1`,
    [PAGINAS_MINIMAS],
  );
  return rows;
}

const sinVisibilidad = (t: EstadoTabla) => t.visibles < t.paginas * VISIBLES_MINIMO;
const desactualizada = (t: EstadoTabla) =>
  sinVisibilidad(t) || t.muertas > 0 || !t.analizada || t.cambiadas > t.vivas * CAMBIADAS_MAXIMO;

/**
 * The kept database as a production one is minutes after its writes: what autovacuum's first pass leaves
 * (statistics by ANALYZE, dead rows gone, the visibility map set, GIN pending lists merged), so a run measures
 * the lists and not a bulk load's or a previous run's debris. Every kept-database bench passes through here
 * (`baseGuardada`) each time it opens one, built, migrated or reused after a bench wrote on it, and `recuentos`
 * after each statement it rolls back. Tables already fresh are left alone; the others get VACUUM (ANALYZE), and
 * their visibility map is checked after (pg_class.relallvisible against relpages: pg_visibility need not be
 * installed), waiting a bounded time for an open transaction that keeps the pages from being marked.
 */
export async function baseAlDia(databaseUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const base = new pg.Client({ connectionString: databaseUrl });
  await base.connect();
  try {
    const desde = Date.now();
    const viejas = (await estadoDeTablas(base)).filter(desactualizada);
    if (viejas.length === 0) {
      console.log('  base al día: estadísticas frescas y mapa de visibilidad marcado');
      return;
    }
    // The whole database analysed (partitioned parents too, which autovacuum never analyses), the stale
    // tables vacuumed.
    await base.query(`vacuum (analyze) ${viejas.map((t) => t.tabla).join(', ')}`);
    await base.query('analyze');
    let pendientes = (await estadoDeTablas(base)).filter(sinVisibilidad);
    while (pendientes.length > 0 && Date.now() - desde < ESPERA_VISIBLES_MS) {
      await new Promise((r) => setTimeout(r, 2000));
      await base.query(`vacuum ${pendientes.map((t) => t.tabla).join(', ')}`);
      pendientes = (await estadoDeTablas(base)).filter(sinVisibilidad);
    }
    console.log(
      `  base al día: VACUUM (ANALYZE) de ${viejas.length} tablas (${viejas.map((t) => t.tabla).join(', ')}) en ${Math.round((Date.now() - desde) / 1000)} s`,
    );
    for (const t of pendientes)
      console.log(
        `  AVISO: ${t.tabla} quedó con ${Math.round((t.visibles / t.paginas) * 100)} % de páginas visibles para todos (una transacción abierta en la base lo impide): sus cifras no son comparables`,
      );
  } finally {
    await base.end();
  }
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

/** A statement as node-postgres received it: its text ($1… placeholders) and its parameters. */
export interface Sentencia {
  text: string;
  values: unknown[];
}

/**
 * Writes down every statement the pool is handed from now on (and still runs it), in order: the statements a
 * route's own functions send, for pgbench to replay. Answers the list they are appended to.
 */
export function grabarSentencias(pool: Pool): Sentencia[] {
  const grabadas: Sentencia[] = [];
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  (pool as { query: unknown }).query = (config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    grabadas.push({ text, values: Array.isArray(values) ? values : [] });
    return query(config, values);
  };
  return grabadas;
}

/**
 * pgbench (`-M prepared`, no vacuum) running `scripts` (at most 128, each one transaction, drawn at random) with
 * `clientes` connections for `segundos` against the database, `variables` given as `-D name=value`: the rate
 * PostgreSQL alone gives them on this machine, in transactions a second. Its connections get the server pool's
 * settings (`OPCIONES_DE_CONEXION`: each execution planned for its values) unless `opciones` says otherwise: with
 * PostgreSQL's default, a statement prepared and run five times gets a generic plan, and the replay would skip the
 * planning every list pays in the server.
 */
export function pgbench(
  databaseUrl: string,
  scripts: readonly string[],
  {
    clientes,
    segundos,
    variables = [],
    opciones = OPCIONES_DE_CONEXION,
  }: { clientes: number; segundos: number; variables?: readonly string[]; opciones?: string },
): number {
  const dir = mkdtempSync(join(tmpdir(), 'intranet-bench-pgbench-'));
  try {
    const args = [
      '-M',
      'prepared',
      '-c',
      String(clientes),
      '-j',
      String(Math.min(clientes, 2)),
      '-T',
      String(segundos),
    ];
    args.push('-n', ...variables.flatMap((v) => ['-D', v]));
    scripts.forEach((script, i) => {
      const archivo = join(dir, `script-${i}.sql`);
      writeFileSync(archivo, script);
      args.push('-f', archivo);
    });
    const r = spawnSync('/usr/bin/pgbench', [...args, databaseUrl], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, PGOPTIONS: opciones },
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout)?.[1];
    if (r.status !== 0 || !tps) throw new Error(`pgbench falló: ${(r.stderr || r.stdout).slice(0, 400)}`);
    return Number(tps);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
