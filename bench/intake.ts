import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed.ts';
import { stopServer } from './api-list.ts';
import { figure } from './report.ts';
import { serverArgs, serverDir } from './server.ts';

// Sustained Sentry intake on PostgreSQL: 50 connections sending realistic events (30-frame stack trace,
// breadcrumbs, over 2 kB) of 1,000 distinct fingerprints. Targets: ≥ 2,500 events/s, server RSS ≤ 250 MB,
// every accepted event stored.

const repoRoot = new URL('..', import.meta.url).pathname;
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const FINGERPRINTS = 1000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
export const KEY = 'b'.repeat(32);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A Node error event of group `g`: 30 frames, 10 breadcrumbs, request, user, tags, contexts (≈ 4.6 kB). */
export function eventoDeGrupo(g: number): Record<string, unknown> {
  const frames = Array.from({ length: 30 }, (_, i) => ({
    filename: i < 20 ? `node_modules/framework/lib/capa${i}.js` : `src/modulo${g % 37}/archivo${i}.ts`,
    function: i < 20 ? `Framework.capa${i}` : `Servicio${g % 37}.paso${i}`,
    lineno: 10 + i * 7,
    colno: 5 + i,
    in_app: i >= 20,
    context_line: i >= 20 ? `    const total = calcular(items[${i}], opciones);` : undefined,
  }));
  return {
    platform: 'node',
    level: 'error',
    release: `api-clientes@3.${g % 5}.0`,
    environment: g % 4 === 0 ? 'staging' : 'production',
    server_name: `api-${g % 3}`,
    exception: { values: [{ type: 'TypeError', value: `No se pudo procesar el comprobante ${g}: importe indefinido`, mechanism: { type: 'generic', handled: true }, stacktrace: { frames } }] },
    breadcrumbs: Array.from({ length: 10 }, (_, i) => ({ timestamp: 1_790_000_000 + i, category: i % 2 ? 'http' : 'query', message: `paso ${i} del proceso de facturación`, level: 'info', data: { ms: i * 3 } })),
    request: { url: `https://api.example.com/comprobantes/${g}`, method: 'POST', headers: { 'User-Agent': 'bench/1.0', Accept: 'application/json' } },
    user: { id: String(g % 50), email: `usuario${g % 50}@cliente.com.ar` },
    tags: { modulo: `modulo${g % 37}`, cliente: String(g % 11) },
    contexts: { runtime: { name: 'node', version: 'v20.20.2' }, os: { name: 'Linux', version: '6.1' } },
    sdk: { name: 'sentry.javascript.node', version: '10.0.0' },
  };
}

/** Envelope bodies split around the event_id, so each request is a unique event at string-concatenation cost. */
export function plantillas(): { antes: string; despues: string }[] {
  return Array.from({ length: FINGERPRINTS }, (_, g) => {
    const payload = JSON.stringify({ event_id: '@@ID@@', ...eventoDeGrupo(g) });
    const [a, b] = payload.split('@@ID@@') as [string, string];
    return { antes: `{"sent_at":"2026-01-01T00:00:00Z"}\n{"type":"event"}\n${a}`, despues: `${b}\n` };
  });
}

/**
 * CPU seconds (user + system) a process has used so far; with `hijosTerminados`, also its children that exited
 * (PostgreSQL's backends of closed connections are counted in the postmaster's).
 */
export function cpuSeconds(pid: number, { hijosTerminados = false } = {}): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const hijos = hijosTerminados ? Number(fields[13]) + Number(fields[14]) : 0;
  return (Number(fields[11]) + Number(fields[12]) + hijos) / 100;
}

/** CPU seconds of every PostgreSQL process (the server's backends included; other databases' too, if busy). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(Number(pid), { hijosTerminados: true });
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export async function intake(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: withDatabase(base, 'postgres'), connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.log('Este benchmark necesita PostgreSQL (BENCH_DATABASE_URL o postgres://postgres@127.0.0.1:5432); no responde.');
    return;
  }
  const name = `intranet_bench_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-bench-'));
  await admin.query(`create database ${name}`);
  const databaseUrl = withDatabase(base, name);
  let child: ChildProcess | undefined;
  try {
    const database = await openDatabase({ databaseUrl, dataDir });
    let proyectoId: number;
    try {
      await migrate(database.db);
      await seed(database.db, { adminPassword: 'Bench-Clave-1', demoPassword: 'Bench-Clave-1', dataDir });
      const { rows } = await database.db.execute<{ id: number }>(sql`
        insert into insights_proyectos (nombre, slug, plataforma, public_key, limite_por_minuto)
        values ('Bench', 'bench', 'node', ${KEY}, 1000000) returning id`);
      proyectoId = Number(rows[0]!.id);
    } finally {
      await database.close();
    }

    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
    child = spawn(process.execPath, serverArgs((process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)), { cwd: serverDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar (código ${child.exitCode})`);
      if (Date.now() > deadline) throw new Error('el servidor no respondió a tiempo');
      const ok = await fetch(`${url}/api/estado`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    const bodies = plantillas();
    const size = Buffer.byteLength(bodies[0]!.antes + '0'.repeat(32) + bodies[0]!.despues);
    console.log(`Base de datos: PostgreSQL (${name}); evento de ${size} bytes, ${FINGERPRINTS} huellas, ${CONNECTIONS} conexiones, ${SECONDS} s`);
    let n = 0;
    const cpu0 = { node: cpuSeconds(child.pid!), pg: postgresCpuSeconds(), bench: process.cpuUsage() };
    const path = `/api/${proyectoId}/envelope/?sentry_key=${KEY}`;
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path,
          headers: { 'content-type': 'application/x-sentry-envelope' },
          setupRequest: (req) => {
            n += 1;
            const b = bodies[n % FINGERPRINTS]!;
            return { ...req, body: b.antes + n.toString(16).padStart(32, '0') + b.despues };
          },
        },
      ],
    });
    const rss = peakRssMb(child.pid!);
    const bench = process.cpuUsage(cpu0.bench);
    const cpu = { node: cpuSeconds(child.pid!) - cpu0.node, pg: postgresCpuSeconds() - cpu0.pg, bench: (bench.user + bench.system) / 1e6 };

    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    // Requests still in flight when the load stops commit a moment later: let them land, then read the three
    // figures in one statement (one snapshot), so they describe the same rows.
    await new Promise((r) => setTimeout(r, 2000));
    const { rows: [cuenta] } = await check.query<{ stored: string; counted: string; issues: string }>(
      `select (select count(*) from insights_eventos where proyecto_id = $1) as stored,
              (select coalesce(sum(cantidad), 0) from insights_issues where proyecto_id = $1) as counted,
              (select count(*) from insights_issues where proyecto_id = $1) as issues`,
      [proyectoId],
    );
    const stored = Number(cuenta!.stored);
    const counted = Number(cuenta!.counted);
    const issues = Number(cuenta!.issues);
    await check.end();

    const accepted = result['2xx'];
    const refused = result.non2xx;
    figure('Eventos aceptados (200)', accepted, 'eventos');
    figure('Eventos aceptados por segundo', Math.round(accepted / SECONDS), 'eventos/s', { min: 2500 });
    figure('Eventos guardados por segundo', Math.round(stored / SECONDS), 'eventos/s', { min: 2500 });
    figure('Rechazados (429 u otro no-2xx)', refused, 'respuestas');
    if (result.errors > 0) figure('Errores de conexión', result.errors, 'errores');
    figure('Latencia p99', result.latency.p99, 'ms');
    figure('Latencia mediana', result.latency.p50, 'ms');
    figure('RSS máxima del servidor', rss, 'MB', { max: 250 });
    // Machine-independent cost: CPU time per stored event, by process (the machine's other load excluded).
    figure('CPU del servidor Node por evento', Math.round((cpu.node / stored) * 1e6) / 1000, 'ms');
    figure('CPU de PostgreSQL por evento', Math.round((cpu.pg / stored) * 1e6) / 1000, 'ms');
    figure('CPU del generador de carga por evento', Math.round((cpu.bench / stored) * 1e6) / 1000, 'ms');
    const loadAvg = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    console.log(`Carga de la máquina durante la medición (loadavg 1 min): ${loadAvg} en ${availableParallelism()} núcleos`);
    figure('Issues distintos', issues, 'issues');
    figure('Aceptados y no guardados', Math.max(0, accepted - stored), 'eventos', { max: 0 });
    figure('Diferencia entre eventos guardados y la suma de los contadores', Math.abs(stored - counted), 'eventos', { max: 0 });
  } finally {
    await stopServer(child);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
