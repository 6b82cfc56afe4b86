import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { aceptarEvento, escribirLote } from '../apps/server/src/areas/insights/intake/escritura.ts';
import { openDatabase, openPostgres, poolDe } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed.ts';
import { freePort, stopServer } from './api-list.ts';
import { adminDePostgres, baseGuardada, consultar, grabarSentencias, pgbench } from './postgres.ts';
import { figure } from './report.ts';
import { serverArgs, serverDir, serverEnv } from './server.ts';

// Sustained Sentry intake on PostgreSQL, onto a monitor that already holds 10M events over 100k issues (a
// database the bench keeps, built once): 50 connections for 60 s sending realistic events (30-frame stack trace,
// breadcrumbs, over 2 kB) of 1,000 distinct fingerprints. Targets: ≥ 3,000 events/s, server RSS ≤ 250 MB,
// every accepted event stored.

const FINGERPRINTS = 1000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** The events and issues already there when the load starts (a year of a busy monitor). */
const EVENTOS_PREVIOS = Number(process.env.BENCH_EVENTOS_PREVIOS ?? 10_000_000);
const ISSUES_PREVIOS = 100_000;
const BASE = 'intranet_bench_intake';
export const KEY = 'b'.repeat(32);

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
    exception: {
      values: [
        {
          type: 'TypeError',
          value: `No se pudo procesar el comprobante ${g}: importe indefinido`,
          mechanism: { type: 'generic', handled: true },
          stacktrace: { frames },
        },
      ],
    },
    breadcrumbs: Array.from({ length: 10 }, (_, i) => ({
      timestamp: 1_790_000_000 + i,
      category: i % 2 ? 'http' : 'query',
      message: `paso ${i} del proceso de facturación`,
      level: 'info',
      data: { ms: i * 3 },
    })),
    request: {
      url: `https://api.example.com/comprobantes/${g}`,
      method: 'POST',
      headers: { 'User-Agent': 'bench/1.0', Accept: 'application/json' },
    },
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
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        total += cpuSeconds(Number(pid), { hijosTerminados: true });
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * Sets the process's peak resident memory (VmHWM) back to its current one (Linux's clear_refs, value 5), so that a
 * later `peakRssMb` reads the peak of what came after, not of the process's earlier work.
 */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** A process's resident memory now (VmRSS), MB (Linux). */
export function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** A process's peak resident memory (VmHWM), MB, since it started or since `resetPeakRss`. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * The monitor's history, through SQL (generate_series), in a project of its own: ISSUES_PREVIOS issues with
 * EVENTOS_PREVIOS events spread over this month (the month's partition; ids and event_ids in order, so the load
 * is quick), their daily counts and search text, as the intake leaves them.
 */
async function llenarHistoria(databaseUrl: string, dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(database.db);
    await seed(database.db, { adminPassword: 'Bench-Clave-1', demoPassword: 'Bench-Clave-1', dataDir });
    const db = database.db;
    const { rows } = await db.execute<{ id: number }>(sql`
      insert into insights_proyectos (nombre, slug, plataforma, public_key, limite_por_minuto)
      values ('Histórico', 'historico', 'node', ${'a'.repeat(32)}, 1000000) returning id`);
    const p = Number(rows[0]!.id);
    // A year's issues as a monitor has them, not sharing one date or count: last seen over the last 90 days
    // (most of them recently), first seen up to 180 days before that, counts from 1 to 50k (most of them few),
    // 70 % unresolved, mostly errors. u(n) is a fixed pseudo-random number in [0, 1) per issue, so every build
    // holds the same data.
    const u = (n: number) => sql.raw(`((hashint4(g * 7 + ${n})::float8 + 2147483648) / 4294967296)`);
    await db.execute(sql`
      insert into insights_issues (proyecto_id, huella, fingerprint, titulo, culprit, tipo, nivel, estado, cantidad, primera_vez, ultima_vez, release, environment)
      select ${p}, md5(g::text), jsonb_build_array('{{ default }}', g::text), 'TypeError: no se pudo procesar el comprobante ' || g,
             'src/modulo' || (g % 37) || '/archivo' || (g % 11) || '.ts', 'TypeError',
             case when ${u(1)} < 0.05 then 'fatal' when ${u(1)} < 0.22 then 'warning' when ${u(1)} < 0.25 then 'info' else 'error' end,
             case when ${u(2)} < 0.7 then 'unresolved' when ${u(2)} < 0.92 then 'resolved' else 'ignored' end,
             floor(exp(${u(3)} * ln(50000)))::bigint,
             ultima - interval '180 days' * ${u(4)}, ultima, 'api-clientes@3.' || (g % 5) || '.0', case when g % 4 = 0 then 'staging' else 'production' end
      from generate_series(1, ${ISSUES_PREVIOS}) g, lateral (select now() - interval '90 days' * power(${u(5)}, 3) as ultima) t`);
    await db.execute(
      sql`insert into insights_issue_busqueda (issue_id, texto) select id, titulo || ' ' || culprit from insights_issues where proyecto_id = ${p}`,
    );
    const primera = Number(
      (await db.execute<{ id: number }>(sql`select min(id) as id from insights_issues where proyecto_id = ${p}`))
        .rows[0]!.id,
    );
    const datos = JSON.stringify({
      exception: {
        values: [
          {
            type: 'TypeError',
            value: 'importe indefinido',
            stacktrace: {
              frames: [
                { filename: 'src/modulo1/archivo1.ts', function: 'Servicio.paso', lineno: 10, colno: 5, in_app: true },
              ],
            },
          },
        ],
      },
      tags: { modulo: 'modulo1' },
    });
    for (let desde = 0; desde < EVENTOS_PREVIOS; desde += 1_000_000) {
      await db.execute(sql`
        insert into insights_eventos (proyecto_id, issue_id, event_id, fecha, recibido, nivel, mensaje, release, environment, usuario, tags, datos)
        select ${p}, ${primera} + g % ${ISSUES_PREVIOS}, lpad(to_hex(g), 32, '0'), f, f, 'error', 'TypeError: importe indefinido',
               'api-clientes@3.' || (g % 5) || '.0', 'production', 'usuario' || (g % 50), jsonb_build_object('modulo', 'modulo' || (g % 37)), ${datos}::json
        from generate_series(${desde + 1}::int, ${Math.min(desde + 1_000_000, EVENTOS_PREVIOS)}::int) g,
             lateral (select mes + (now() - mes) * (g::float8 / ${EVENTOS_PREVIOS}) as f from (select date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' as mes) m) t`);
      console.log(`  ${Math.min(desde + 1_000_000, EVENTOS_PREVIOS) / 1_000_000}M eventos`);
    }
    await db.execute(sql`
      insert into insights_issue_dias (issue_id, dia, cantidad)
      select issue_id, (fecha at time zone 'UTC')::date, count(*) from insights_eventos where proyecto_id = ${p} group by 1, 2`);
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

/**
 * The kept database of the monitor's history (10M events over 100k issues in the project 'historico'), built when
 * missing or outdated: the intake bench loads onto it and the monitor-millon bench reads its lists. Answers its URL.
 */
export function historiaGuardada(admin: Client, dataDir: string): Promise<string> {
  return baseGuardada(admin, {
    nombre: BASE,
    datos: `${EVENTOS_PREVIOS}/${ISSUES_PREVIOS}|v2`,
    descripcion: `${EVENTOS_PREVIOS} eventos en ${ISSUES_PREVIOS} issues`,
    llenar: (url) => llenarHistoria(url, dataDir),
  });
}

/** insights_issues' updated rows so far, and how many of them were HOT (PostgreSQL's statistics). */
async function actualizacionesDeIssues(databaseUrl: string): Promise<{ todas: number; hot: number }> {
  const [fila] = await consultar<{ todas: string; hot: string }>(
    databaseUrl,
    `select n_tup_upd as todas, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'insights_issues'`,
  );
  return { todas: Number(fila?.todas ?? 0), hot: Number(fila?.hot ?? 0) };
}

/** The intake's batches so far, from the server's own histogram (`intranet_intake_batch_size`): events and batches. */
async function lotesEscritos(url: string): Promise<{ eventos: number; lotes: number }> {
  const texto = await (await fetch(`${url}/metrics`)).text();
  const valor = (nombre: string) => Number(new RegExp(`^${nombre} (\\S+)$`, 'm').exec(texto)?.[1] ?? 0);
  return { eventos: valor('intranet_intake_batch_size_sum'), lotes: valor('intranet_intake_batch_size_count') };
}

/** Batches written to PostgreSQL at once by the intake (`escritura.paralelo` in areas/insights/routes.ts). */
const LOTES_EN_VUELO = 2;
/** Distinct batches pgbench replays, one script each (it takes at most 128). */
const LOTES_PGBENCH = 20;
/** How long pgbench replays them. */
const SEGUNDOS_PGBENCH = Number(process.env.BENCH_SEGUNDOS_PGBENCH ?? 20);

/**
 * The intake's own statement, as its write queue sends it, replayed by pgbench (`-M prepared`) at the concurrency
 * the database sees from the intake (LOTES_EN_VUELO batches at once) and at the size its batches had under the
 * load: the rate PostgreSQL alone gives the intake on this machine, with no HTTP, no envelope, no JSON read.
 * The batches are the load's events (same templates, same project) read by `aceptarEvento` and put together by
 * `escribirLote`, recorded as node-postgres gets them (each one is also written, in the run's project). In the
 * scripts each event id ends in a random number drawn per execution, so each replay inserts its events (a
 * repeated id would be skipped as an SDK's retry). Answers events a second.
 */
async function pgbenchDelIntake(databaseUrl: string, proyectoId: number, porLote: number): Promise<number> {
  const database = await openPostgres(databaseUrl);
  const pool = poolDe(database.db);
  if (!pool) throw new Error('se esperaba PostgreSQL');
  const lotes = grabarSentencias(pool);
  const bodies = plantillas();
  try {
    for (let l = 0; l < LOTES_PGBENCH; l += 1) {
      const eventos = Array.from({ length: porLote }, (_, i) => {
        const n = l * porLote + i;
        const b = bodies[n % FINGERPRINTS]!;
        const texto = `${b.antes}${`f${n.toString(16)}`.padStart(32, 'f')}${b.despues}`.split('\n')[2]!;
        return aceptarEvento(texto, JSON.parse(texto), { proyectoId, recibido: new Date() });
      });
      await escribirLote(database.db, eventos);
    }
  } finally {
    await database.close();
  }
  if (lotes.length !== LOTES_PGBENCH)
    throw new Error(`se esperaban ${LOTES_PGBENCH} sentencias y hubo ${lotes.length}`);
  // pgbench reads `:name` as a variable even inside a quoted literal (JSON's `"in_app":false`): the literals go
  // without their colons, which SQL puts back.
  const SIN_DOS_PUNTOS = '~%~';
  const literal = (v: string) => {
    if (v.includes(SIN_DOS_PUNTOS)) throw new Error(`un valor contiene ${SIN_DOS_PUNTOS}`);
    return `replace('${v.replaceAll("'", "''").replaceAll(':', SIN_DOS_PUNTOS)}', '${SIN_DOS_PUNTOS}', ':')`;
  };
  const scripts = lotes.map((lote) => {
    const sentencia = lote.text.replace(/\$(\d+)/g, (_, k: string) => {
      const valor = String(lote.values[Number(k) - 1]);
      // The events' ids (32 hex digits): the first 20 kept, the last 12 drawn for each execution.
      const conIds = valor.replace(/"event_id":"([0-9a-f]{20})[0-9a-f]{12}"/g, '"event_id":"$1@@R@@"');
      return conIds === valor
        ? literal(valor)
        : `replace(${literal(conIds)}, '@@R@@', lpad(to_hex(:r::bigint), 12, '0'))`;
    });
    return `\\set r random(1, 281474976710655)\n${sentencia};\n`;
  });
  return pgbench(databaseUrl, scripts, { clientes: LOTES_EN_VUELO, segundos: SEGUNDOS_PGBENCH }) * porLote;
}

export async function intake(): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = await adminDePostgres('la ingesta');
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-bench-'));
  let child: ChildProcess | undefined;
  let databaseUrl: string | undefined;
  let proyectoId: number | undefined;
  const name = BASE;
  try {
    databaseUrl = await historiaGuardada(admin, dataDir);
    {
      // The run's own project (its events are the ones counted), gone with its events after the run.
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        await c.query(`delete from insights_proyectos where slug = 'bench'`);
        const { rows } = await c.query<{ id: number }>(
          `insert into insights_proyectos (nombre, slug, plataforma, public_key, limite_por_minuto) values ('Bench', 'bench', 'node', $1, 1000000) returning id`,
          [KEY],
        );
        proyectoId = Number(rows[0]!.id);
      } finally {
        await c.end();
      }
    }

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    };
    child = spawn(process.execPath, serverArgs((process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)), {
      cwd: serverDir,
      env: { ...serverEnv(), ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar (código ${child.exitCode})`);
      if (Date.now() > deadline) throw new Error('el servidor no respondió a tiempo');
      const ok = await fetch(`${url}/api/estado`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    const bodies = plantillas();
    const size = Buffer.byteLength(bodies[0]!.antes + '0'.repeat(32) + bodies[0]!.despues);
    console.log(
      `Base de datos: PostgreSQL (${name}, con ${EVENTOS_PREVIOS} eventos previos); evento de ${size} bytes, ${FINGERPRINTS} huellas, ${CONNECTIONS} conexiones, ${SECONDS} s`,
    );
    let n = 0;
    const lotes0 = await lotesEscritos(url);
    const hot0 = await actualizacionesDeIssues(databaseUrl);
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
    const cpu = {
      node: cpuSeconds(child.pid!) - cpu0.node,
      pg: postgresCpuSeconds() - cpu0.pg,
      bench: (bench.user + bench.system) / 1e6,
    };

    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    // Requests still in flight when the load stops commit a moment later: let them land, then read the three
    // figures in one statement (one snapshot), so they describe the same rows.
    await new Promise((r) => setTimeout(r, 2000));
    const {
      rows: [cuenta],
    } = await check.query<{ stored: string; counted: string; issues: string }>(
      `select (select count(*) from insights_eventos where proyecto_id = $1) as stored,
              (select coalesce(sum(cantidad), 0) from insights_issues where proyecto_id = $1) as counted,
              (select count(*) from insights_issues where proyecto_id = $1) as issues`,
      [proyectoId],
    );
    const stored = Number(cuenta!.stored);
    const counted = Number(cuenta!.counted);
    const issues = Number(cuenta!.issues);
    await check.end();
    const lotes1 = await lotesEscritos(url);
    const porLote = Math.max(1, Math.round((lotes1.eventos - lotes0.eventos) / (lotes1.lotes - lotes0.lotes)));
    // A server connection's statistics reach PostgreSQL's counters when it ends (or idle, up to 10 s later).
    await stopServer(child);
    const hot1 = await actualizacionesDeIssues(databaseUrl);
    const actualizadas = hot1.todas - hot0.todas;

    const accepted = result['2xx'];
    const refused = result.non2xx;
    figure('Eventos aceptados (200)', accepted, 'eventos');
    figure('Eventos aceptados por segundo', Math.round(accepted / SECONDS), 'eventos/s', { min: 3000 });
    figure('Eventos guardados por segundo', Math.round(stored / SECONDS), 'eventos/s', { min: 3000 });
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
    console.log(
      `Carga de la máquina durante la medición (loadavg 1 min): ${loadAvg} en ${availableParallelism()} núcleos`,
    );
    figure('Issues distintos', issues, 'issues');
    // Each batch rewrites its issues' counters and last-seen time: an update that changes no indexed column is
    // HOT (no index entry written) when the page has room.
    figure('Actualizaciones de insights_issues durante la carga (contexto)', actualizadas, 'filas');
    figure(
      '  de ellas HOT, sin entradas de índice nuevas (contexto)',
      actualizadas > 0 ? Math.round(((hot1.hot - hot0.hot) / actualizadas) * 1000) / 10 : 0,
      '%',
    );
    const soloPostgres = await pgbenchDelIntake(databaseUrl, proyectoId!, porLote);
    figure('Eventos por lote escrito (media de la carga)', porLote, 'eventos');
    figure(
      `  pgbench -M prepared de su sentencia (${LOTES_PGBENCH} lotes de ${porLote}, ${LOTES_EN_VUELO} a la vez, ${SEGUNDOS_PGBENCH} s): eventos/s`,
      Math.round(soloPostgres),
      'eventos/s',
    );
    figure(
      '  eventos guardados/s respecto de pgbench',
      Math.round((stored / SECONDS / soloPostgres) * 1000) / 10,
      '%',
      {
        min: 60,
      },
    );
    figure('Aceptados y no guardados', Math.max(0, accepted - stored), 'eventos', { max: 0 });
    figure('Diferencia entre eventos guardados y la suma de los contadores', Math.abs(stored - counted), 'eventos', {
      max: 0,
    });
  } finally {
    await stopServer(child);
    if (databaseUrl && proyectoId !== undefined) {
      // The run's events go (its project's issues cascade to them), the history stays for the next run. Then what
      // autovacuum does within minutes: the run's 1,000 issues, rewritten by every batch, left dead entries at the
      // newest end of each sort index, which the monitor's default list (latest first) walked through (19.9 ms
      // a page after a run, 7.1 ms vacuumed): the next bench on this database measures the list, not the debris.
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        await c.query('delete from insights_proyectos where id = $1', [proyectoId]);
        await c.query('vacuum analyze insights_issues, insights_issue_busqueda, insights_issue_dias');
      } finally {
        await c.end();
      }
    }
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
