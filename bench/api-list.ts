import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed.ts';
import { postgresDelBench, withDatabase } from './postgres.ts';
import { figure } from './report.ts';
import { serverArgs, serverDir, serverEnv } from './server.ts';

export const ADMIN_PASSWORD = 'Bench-Clave-1';
const SERVERS = 1000;
const ENTRIES_PER_SERVER = 100;
/** Matches the 100 entries of one server out of 100,000. */
const SEARCH = 'bench0123.physis';

/** A port free now: any the system gives, or with BENCH_PUERTOS (e.g. `8120-8129`) the first free one of that range. */
export async function freePort(): Promise<number> {
  const rango = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PUERTOS ?? '');
  if (!rango) return probar(0);
  for (let p = Number(rango[1]); p <= Number(rango[2]); p += 1) {
    if ((await probar(p)) === p) return p;
  }
  throw new Error(`no hay un puerto libre en BENCH_PUERTOS=${process.env.BENCH_PUERTOS}`);
}

/** Listens on `port` (0: any) and closes: the port it got, or -1 when that one is taken. */
function probar(port: number): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(-1));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Target {
  /** DATABASE_URL for the server, or undefined for PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  label: string;
  drop: () => Promise<void>;
}

/** BENCH_DATABASE_URL, else a throwaway database on the local PostgreSQL if it answers, else PGlite. */
export async function chooseTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const base = postgresDelBench();
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: withDatabase(base, 'postgres'), connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return { databaseUrl: undefined, dataDir, label: `PGlite en ${dataDir}`, drop: async () => removeDir() };
  }
  const name = `intranet_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  return {
    databaseUrl: withDatabase(base, name),
    dataDir,
    label: `PostgreSQL (${name})`,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      removeDir();
    },
  };
}

/** Migrates, seeds the demo data, then 1,000 servers × 100 DNS entries, all in SQL. */
export async function fill(target: Target): Promise<void> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    await migrate(database.db);
    await seed(database.db, { adminPassword: ADMIN_PASSWORD, demoPassword: ADMIN_PASSWORD, dataDir: target.dataDir });
    await database.db.execute(sql`
      insert into servidores (nombre, hostname, proveedor, rol, estado)
      select 'bench-srv-' || lpad(g::text, 4, '0'), 'bench' || lpad(g::text, 4, '0') || '.physis.local',
             (array['AWS', 'Hetzner', 'DonWeb', 'On-premise'])[1 + g % 4], 'Carga', 'activo'
      from generate_series(1, ${SERVERS}) g`);
    await database.db.execute(sql`
      insert into dns (servidor_id, host, tipo, ttl)
      select s.id, 'h' || lpad(g::text, 3, '0') || '.' || s.hostname, (array['A', 'AAAA', 'CNAME'])[1 + g % 3], 300 * (1 + g % 12)
      from servidores s cross join generate_series(1, ${ENTRIES_PER_SERVER}) g
      where s.nombre like 'bench-srv-%'`);
    // What autovacuum does soon after a bulk load: statistics, visibility map, the GIN pending list merged.
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

export async function startServer(target: Target): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'warn',
  };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, serverArgs((process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)), {
    cwd: serverDir,
    env: { ...serverEnv(), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar (código ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/estado`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('el servidor no respondió a tiempo');
}

/** Stops a server a bench started: SIGTERM, and SIGKILL if it has not exited within 5 s. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Signs in as the benches' admin and answers the Bearer header. */
export async function adminHeaders(url: string): Promise<{ authorization: string }> {
  return signInHeaders(url, 'admin');
}

/** The headers of `usuario` signed in with the bench's password. */
export async function signInHeaders(url: string, usuario: string): Promise<{ authorization: string }> {
  const login = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: usuario, password: ADMIN_PASSWORD }),
  });
  const datos = ((await login.json()) as { datos: { token: string } | null; error: string | null }).datos;
  if (!datos) throw new Error(`no se pudo ingresar como ${usuario}: ${login.status}`);
  return { authorization: `Bearer ${datos.token}` };
}

/**
 * 50 connections for 10 s on one URL; with `vary`, each request asks for a path of its own (a different
 * page), so the server's read cache cannot answer it: what a list costs when it must be read.
 */
export async function load(
  url: string,
  headers: Record<string, string>,
  vary?: () => string,
): Promise<{ rps: number; p99: number; errors: number }> {
  const options: autocannon.Options = { url, connections: 50, duration: 10, headers };
  if (vary) options.requests = [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: vary() }) }];
  const result = await autocannon(options);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

/** Asks the server for an answer read from the database, not from its read cache (a hard reload does the same). */
export const NO_CACHE = { 'cache-control': 'no-cache' } as const;

/**
 * A CSV export downloaded whole as a browser gets it (`Accept-Encoding: br, gzip`), from the request to its last
 * byte, with its figure against the 4 s goal. The bytes are counted as they arrive, not inflated: a browser
 * inflates natively on its own machine, where fetch here would inflate in JavaScript on the server's two cores
 * (3–4 s of CPU for 150 MB, more than the server spent writing it).
 */
export async function figuraCsv(nombre: string, url: string, headers: Record<string, string>): Promise<void> {
  const desde = Date.now();
  const { status, encoding, bytes } = await new Promise<{ status: number; encoding: string; bytes: number }>(
    (resolve, reject) => {
      get(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' } }, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'sin comprimir'),
            bytes: n,
          }),
        );
        res.on('error', reject);
      }).on('error', reject);
    },
  );
  if (status !== 200) throw new Error(`${url}: ${status}`);
  figure(
    `${nombre} (${Math.round(bytes / 1024 / 1024)} MB en ${encoding})`,
    Math.round(((Date.now() - desde) / 1000) * 10) / 10,
    's',
    { max: 4 },
  );
}

/** Any page of the DNS list, 10 to 100 rows: deep pages cost what their offset costs. */
export const varyingDnsPage = () =>
  `/api/dns?page=${1 + Math.floor(Math.random() * 1000)}&size=${10 + Math.floor(Math.random() * 91)}&sort=host`;

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The server's own time (its Server-Timing `app` entry) of `n` calls read from the database, sorted. */
export async function serverTimes(url: string, headers: Record<string, string>, n: number): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await fetch(url, { headers: { ...headers, ...NO_CACHE } });
    await res.arrayBuffer();
    const dur = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
    if (dur) durations.push(Number(dur));
  }
  return durations.sort((a, b) => a - b);
}

/** A list's load figures beside the trivial route's: requests/s, their ratio (≥ 40 %) and p99 (≤ 50 ms). */
export function listFigures(
  name: string,
  r: { rps: number; p99: number; errors: number },
  trivial: { rps: number },
): void {
  figure(`${name}: solicitudes/s`, Math.round(r.rps), 'sol/s');
  figure(`${name}: relación con la ruta trivial`, Math.round((r.rps / trivial.rps) * 1000) / 10, '%', { min: 40 });
  figure(`${name}: p99`, r.p99, 'ms', { max: 50 });
  if (r.errors > 0) console.log(`  (${r.errors} respuestas con error)`);
}

/**
 * The DNS list over 100k entries against a trivial route, at 50 connections, through the real server
 * (targets: ≥ 40 % of the trivial route's requests/s, p99 ≤ 50 ms, search ≤ 10 ms of server time).
 */
export async function apiList(): Promise<void> {
  const target = await chooseTarget();
  let child: ChildProcess | undefined;
  try {
    console.log(`Base de datos: ${target.label}; cargando ${SERVERS * ENTRIES_PER_SERVER} entradas DNS...`);
    await fill(target);
    const server = await startServer(target);
    child = server.child;
    const headers = await adminHeaders(server.url);

    const list = `${server.url}/api/dns?page=40&size=25&sort=host`;
    const search = `${server.url}/api/dns?q=${encodeURIComponent(SEARCH)}&sort=host`;
    const check = (await (await fetch(search, { headers })).json()) as { datos: { total: number } };
    console.log(`Búsqueda "${SEARCH}": ${check.datos.total} coincidencias`);

    const trivial = await load(`${server.url}/api/estado`, {});
    // For reading the ratio: what the session check alone costs (an authenticated route with a one-row query).
    const session = await load(`${server.url}/api/paquetes/last`, headers);
    const paged = await load(list, headers);
    const searched = await load(search, headers);
    const uncached = await load(list, { ...headers, ...NO_CACHE });
    const deep = await load(server.url, { ...headers, ...NO_CACHE }, varyingDnsPage);
    figure('GET /api/estado (trivial): solicitudes/s', Math.round(trivial.rps), 'sol/s');
    figure('GET /api/estado: p99', trivial.p99, 'ms');
    figure('GET /api/paquetes/last (con sesión, referencia): solicitudes/s', Math.round(session.rps), 'sol/s');
    figure('GET /api/paquetes/last: p99', session.p99, 'ms');
    for (const [name, r] of [
      ['GET /api/dns paginada y ordenada', paged],
      [`GET /api/dns?q=${SEARCH}`, searched],
      ['GET /api/dns paginada y ordenada, leída de la base (no-cache)', uncached],
    ] as const) {
      listFigures(name, r, trivial);
    }
    figure(
      'GET /api/dns, cualquier página de 1 a 1.000 (10 a 100 filas), leída de la base: solicitudes/s',
      Math.round(deep.rps),
      'sol/s',
    );
    figure('GET /api/dns, cualquier página, leída de la base: p99', deep.p99, 'ms');

    // Server time of the search read from the database, not from the read cache.
    const durations = await serverTimes(search, headers, 200);
    figure('Búsqueda: tiempo de servidor (Server-Timing), mediana', percentile(durations, 50), 'ms', { max: 10 });
    figure('Búsqueda: tiempo de servidor (Server-Timing), p99', percentile(durations, 99), 'ms', { max: 10 });
  } finally {
    await stopServer(child);
    await target.drop();
  }
}
