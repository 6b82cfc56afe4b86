import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { resumirSesiones } from '../apps/server/src/areas/insights/salud/sesiones.ts';
import { type Db, openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed.ts';
import { ADMIN_PASSWORD, adminHeaders, NO_CACHE, percentile, startServer, stopServer } from './api-list.ts';
import { azar, contextoDeLaMaquina, tiemposDeServidor } from './dns-millon.ts';
import { cpuSeconds, peakRssMb, postgresCpuSeconds, resetPeakRss, rssMb } from './intake.ts';
import { adminDePostgres, baseGuardada, consultar } from './postgres.ts';
import { figure } from './report.ts';

// The monitor's performance data and release health on PostgreSQL, over kept databases built by SQL:
// - `npm run bench -- rendimiento`: 1M transactions of 10 spans (10M spans, 30 days) read through the Rendimiento
//   tab's endpoints and a transaction's waterfall (server time p99 ≤ 100 ms), then a sustained intake of
//   transactions of 10 spans, as @sentry/node sends them, onto that table (≥ 500 transactions/s for 60 s, none
//   lost, server RSS ≤ 250 MB).
// - `npm run bench -- salud`: 1M sessions (8 releases over 30 days, one of them crashing often) read through the
//   release health endpoint and the releases list (server time p99 ≤ 100 ms).

const TRANSACCIONES = Number(process.env.BENCH_TRANSACCIONES ?? 1_000_000);
const SPANS = 10;
const SESIONES = Number(process.env.BENCH_SESIONES ?? 1_000_000);
/** The history's length: the Rendimiento tab's longest range, and release health's month. */
const DIAS = 30;
/** Transaction names of the history project (the first ones far more frequent, as a service's routes are). */
const NOMBRES = 60;
const RELEASES_RENDIMIENTO = 5;
const RELEASES_SALUD = 8;
/** The release that crashes (6 % of its sessions; the others 0.5 %). */
const RELEASE_MALA = 5;
/** The intake's load: how long, and its connections. */
const SEGUNDOS_INGESTA = Number(process.env.BENCH_SEGUNDOS_INGESTA ?? 60);
const CONEXIONES = 50;
/**
 * The rate the intake is offered: twice the goal's 500 transactions/s, held for the whole run, at which its memory is
 * read (0: as fast as it answers; on this machine about 3,200/s, at a peak of about 270 MB).
 */
const OFRECIDAS_POR_SEGUNDO = Number(process.env.BENCH_TX_POR_SEGUNDO ?? 1_000);
/**
 * Calls of each kind timed one at a time. Their p99 is the 5th slowest of 500: of 100, it was the 2nd slowest, and
 * one pause of the machine's moved it by 60 ms from one run to the next.
 */
const LLAMADAS = Number(process.env.BENCH_LLAMADAS ?? 500);
const META_MS = 100;
/** The time one kind of call is given: past it (and 20 calls), its p99 is that of the calls made. */
const PRESUPUESTO_MS = 25_000;
const KEY = 'd'.repeat(32);

/**
 * One transaction with 10 child spans as @sentry/node 10.78.0 sent it (its transport's bytes, written once):
 * `Sentry.init({ tracesSampleRate: 1, release: 'api-pagos@4.2.0', environment: 'production', transport })`, then
 * `Sentry.startSpan({ name: 'POST /api/facturas/:id/emitir', op: 'http.server' }, ...)` around ten
 * `Sentry.startSpan({ name, op: 'db.query' | 'http.client' | … })`, with a transport keeping `request.body`.
 */
const ENVELOPE = new URL('./fixtures/transaccion-sentry-node.envelope', import.meta.url);
/** The migration that fills the Rendimiento tab's rollup from the transactions already kept. */
const BACKFILL_RESUMEN = new URL(
  '../apps/server/drizzle/0064_insights_transacciones_horas_backfill.sql',
  import.meta.url,
);

/** A fixed pseudo-random number in [0, 1) per row `g` and salt `n`: every build holds the same data. */
const u = (n: number) => sql.raw(`((hashint4(g * 7 + ${n})::float8 + 2147483648) / 4294967296)`);

/** The name of the history's transaction name number `k` (0 the most frequent). */
const nombreDe = (k: number) => `${['GET', 'POST', 'PUT', 'DELETE'][k % 4]} /api/recurso${k}/:id`;

/**
 * The month partitions of `tabla` for the whole history: the migrations made this month's and the next ones
 * (and the sessions' previous month), as they were when the database was made; the history reaches back 30 days.
 */
async function mesesDeLaHistoria(db: Db, tabla: string): Promise<void> {
  await db.execute(
    sql.raw(`
    do $$
    declare mes timestamp := date_trunc('month', now() at time zone 'UTC' - interval '${DIAS + 1} days');
    begin
      while mes <= date_trunc('month', now() at time zone 'UTC') loop
        execute format('create table if not exists %I partition of ${tabla} for values from (%L) to (%L)',
          '${tabla}_' || to_char(mes, 'YYYY_MM'), to_char(mes, 'YYYY-MM-DD') || ' 00:00:00+00',
          to_char(mes + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
        mes := mes + interval '1 month';
      end loop;
    end $$`),
  );
}

async function proyecto(db: Db, slug: string, publicKey: string): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into insights_proyectos (nombre, slug, plataforma, public_key, limite_por_minuto)
    values (${slug}, ${slug}, 'node', ${publicKey}, 1000000) returning id`);
  return Number(rows[0]!.id);
}

async function paso(nombre: string, hacer: () => Promise<unknown>): Promise<void> {
  const desde = Date.now();
  await hacer();
  console.log(`  ${nombre}: ${Math.round((Date.now() - desde) / 1000)} s`);
}

/**
 * The history project's transactions over the last 30 days, oldest first (they arrive in time order), each with
 * its 10 spans as the intake keeps them: 60 names (a few far more frequent), durations from 6 ms to 3 s
 * (log-uniform), 5 % failed, 5 releases, 1 in 5 in staging.
 */
async function llenarTransacciones(databaseUrl: string, dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const db = database.db;
    await migrate(db);
    await seed(db, { adminPassword: ADMIN_PASSWORD, demoPassword: ADMIN_PASSWORD, dataDir });
    await mesesDeLaHistoria(db, 'insights_transacciones');
    const p = await proyecto(db, 'historico-rendimiento', 'e'.repeat(32));
    const tanda = 250_000;
    for (let desde = 0; desde < TRANSACCIONES; desde += tanda) {
      const hasta = Math.min(desde + tanda, TRANSACCIONES);
      await paso(`transacciones ${desde + 1}–${hasta}`, () =>
        db.execute(sql`
        insert into insights_transacciones (proyecto_id, event_id, nombre, trace_id, span_id, op, estado, inicio, fin,
                                            duracion_ms, release, environment, recibido, spans)
        select ${p}, lpad(to_hex(g), 32, '0'), t.nombre, md5(g::text), lpad(to_hex(g), 16, '0'), 'http.server',
               case when ${u(4)} < 0.95 then 'ok' when ${u(4)} < 0.98 then 'internal_error' else 'deadline_exceeded' end,
               t.ini, t.ini + t.dur * interval '1 millisecond', t.dur,
               'api-pagos@4.' || floor(${u(5)} * ${RELEASES_RENDIMIENTO})::int || '.0',
               case when g % 5 = 0 then 'staging' else 'production' end, t.ini,
               (select json_agg(json_build_object(
                         'span_id', lpad(to_hex(g::bigint * 16 + s), 16, '0'), 'parent_span_id', lpad(to_hex(g), 16, '0'),
                         'op', (array['db.query', 'http.client', 'db.query', 'cache.get', 'function'])[1 + s % 5],
                         'description', case when s % 2 = 0 then 'SELECT * FROM facturas WHERE id = $1 -- paso ' || s
                                             else 'GET https://afip.example.com/ws/paso' || s end,
                         'start_timestamp', t.epoch + t.dur / 1000 * s / ${SPANS},
                         'timestamp', t.epoch + t.dur / 1000 * (s + 0.8) / ${SPANS}, 'status', 'ok'))
                  from generate_series(0, ${SPANS - 1}) s)
          from generate_series(${desde + 1}::int, ${hasta}::int) g,
               lateral (select now() - interval '${sql.raw(String(DIAS))} days' * (1 - g::float8 / ${TRANSACCIONES}) as ini,
                               5 + exp(${u(3)} * ln(3000)) as dur,
                               (array['GET', 'POST', 'PUT', 'DELETE'])[1 + k % 4] || ' /api/recurso' || k || '/:id' as nombre
                          from (select floor(${NOMBRES} * power(${u(2)}, 2))::int as k) kk) t0,
               lateral (select t0.*, extract(epoch from t0.ini)::float8 as epoch) t`),
      );
    }
    // The Rendimiento tab's rollup of that history, by the backfill the migration runs on transactions kept before it.
    await paso('resumen por hora y día (insights_transacciones_horas)', () =>
      db.execute(sql.raw(readFileSync(BACKFILL_RESUMEN, 'utf8'))),
    );
    // What autovacuum does soon after a bulk load: statistics (ANALYZE) and the visibility map.
    await paso('vacuum analyze', () => db.execute(sql`vacuum analyze`));
  } finally {
    await database.close();
  }
}

/**
 * The history project's sessions over the last 30 days: a new release every 30 / 8 days, adopted at once while
 * the older ones linger; 95 % single sessions (a `session` item's row, one per sid) and 5 % request-mode
 * aggregates (a `sessions` item's row, up to 20 sessions); 50,000 users; release 2.5.0 crashes 6 % of its
 * sessions, the others 0.5 %; 0.3 % abnormal, 4 % ended with errors.
 */
async function llenarSesiones(databaseUrl: string, dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const db = database.db;
    await migrate(db);
    await seed(db, { adminPassword: ADMIN_PASSWORD, demoPassword: ADMIN_PASSWORD, dataDir });
    await mesesDeLaHistoria(db, 'insights_sesiones');
    const p = await proyecto(db, 'historico-salud', 'f'.repeat(32));
    await paso(`${SESIONES} sesiones`, () =>
      db.execute(sql`
      insert into insights_sesiones (proyecto_id, sid, inicio, actualizado, release, environment, usuario, sesiones,
                                     errored, abnormal, crashed)
      select ${p}, case when t.agregado then null else md5(g::text) end, t.ini, t.ini + interval '4 minutes',
             'app-movil@2.' || t.r || '.0', case when g % 10 = 0 then 'staging' else 'production' end,
             'usuario' || floor(${u(7)} * 50000)::int, t.n,
             case when t.c = 0 and t.a = 0 and ${u(8)} < 0.04 then t.n / 2 + 1 else 0 end, t.a, t.c
        from generate_series(1, ${SESIONES}) g,
             lateral (select (1 - g::float8 / ${SESIONES}) as edad) e,
             lateral (select now() - interval '${sql.raw(String(DIAS))} days' * e.edad as ini,
                             greatest(0, least(${RELEASES_SALUD - 1}, floor((1 - e.edad) * ${RELEASES_SALUD})::int)
                                      - floor(power(${u(3)}, 2) * 3)::int) as r,
                             ${u(4)} < 0.05 as agregado) t0,
             lateral (select t0.*, case when t0.agregado then 1 + floor(${u(5)} * 20)::int else 1 end as n) t1,
             lateral (select t1.*,
                             case when ${u(6)} < (case when t1.r = ${RELEASE_MALA} then 0.06 else 0.005 end) then 1 else 0 end as c,
                             case when ${u(6)} > 0.997 then 1 else 0 end as a) t`),
    );
    // The rollups release health reads, as the intake keeps them.
    await paso('resúmenes por hora y usuarios', () => resumirSesiones(db, p));
    await paso('vacuum analyze', () => db.execute(sql`vacuum analyze`));
  } finally {
    await database.close();
  }
}

/** A kept database, rebuilt each UTC day: its history is laid out back from the day it was built. */
async function baseDelDia(
  nombre: string,
  datos: string,
  descripcion: string,
  llenar: (url: string, dataDir: string) => Promise<void>,
): Promise<{ databaseUrl: string; dataDir: string }> {
  const admin = await adminDePostgres(descripcion);
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-bench-rendimiento-'));
  try {
    const databaseUrl = await baseGuardada(admin, {
      nombre,
      datos: `${datos}|${new Date().toISOString().slice(0, 10)}|v1`,
      descripcion,
      llenar: (url) => llenar(url, dataDir),
    });
    return { databaseUrl, dataDir };
  } finally {
    await admin.end();
  }
}

async function idDe(databaseUrl: string, slug: string): Promise<number> {
  const [fila] = await consultar<{ id: number }>(databaseUrl, 'select id from insights_proyectos where slug = $1', [
    slug,
  ]);
  if (!fila) throw new Error(`la base no tiene el proyecto ${slug}`);
  return Number(fila.id);
}

/** Each kind of call timed one at a time (server time, Server-Timing `app`), with its median and p99 against 100 ms. */
async function medir(
  base: string,
  headers: Record<string, string>,
  llamadas: { nombre: string; url: () => string }[],
): Promise<void> {
  for (const l of llamadas) {
    // Up to LLAMADAS calls, fewer when they are slow (at least 20), so the run keeps to its ten minutes.
    const t: number[] = [];
    for (const hasta = Date.now() + PRESUPUESTO_MS; t.length < LLAMADAS && (t.length < 20 || Date.now() < hasta); )
      t.push(...(await tiemposDeServidor(base, headers, l.url, 10)));
    t.sort((a, b) => a - b);
    figure(`${l.nombre}: tiempo de servidor, mediana`, percentile(t, 50), 'ms');
    figure(`${l.nombre}: tiempo de servidor, p99 de ${t.length} llamadas`, percentile(t, 99), 'ms', { max: META_MS });
  }
}

/** Envelope bodies of the SDK's transaction, with a fresh event id and trace id each, timed at the load's start. */
function sobres(): () => string {
  const [cabecera, item, transaccion] = readFileSync(ENVELOPE, 'utf8').split('\n') as [string, string, string];
  const h = JSON.parse(cabecera) as { event_id: string; sent_at: string; trace: { trace_id: string } };
  const t = JSON.parse(transaccion) as {
    start_timestamp: number;
    timestamp: number;
    spans: { start_timestamp: number; timestamp: number }[];
  };
  if (t.spans.length !== SPANS) throw new Error(`el sobre guardado tiene ${t.spans.length} spans, no ${SPANS}`);
  // Moved to now, as the SDK's clock would have it: the intake keeps it in this month's partition.
  const corrimiento = Date.now() / 1000 - t.start_timestamp;
  for (const x of [t, ...t.spans]) {
    x.start_timestamp += corrimiento;
    x.timestamp += corrimiento;
  }
  const texto = [JSON.stringify({ ...h, sent_at: new Date().toISOString() }), item, JSON.stringify(t)]
    .join('\n')
    .replaceAll(h.event_id, '@@E@@')
    .replaceAll(h.trace.trace_id, '@@T@@');
  const partes = texto.split(/(@@E@@|@@T@@)/);
  let n = 0;
  return () => {
    n += 1;
    const e = n.toString(16).padStart(32, '0');
    const tr = `${(n * 7919).toString(16).padStart(16, '0')}${n.toString(16).padStart(16, '0')}`;
    return partes.map((x) => (x === '@@E@@' ? e : x === '@@T@@' ? tr : x)).join('');
  };
}

/** The intake's load onto the history: its own project's transactions, counted and deleted after. */
async function ingesta(databaseUrl: string, server: { url: string; child: ChildProcess }): Promise<void> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  let proyectoId: number | undefined;
  try {
    await c.query(`delete from insights_proyectos where slug = 'bench-rendimiento'`);
    const { rows } = await c.query<{ id: number }>(
      `insert into insights_proyectos (nombre, slug, plataforma, public_key, limite_por_minuto)
       values ('Bench rendimiento', 'bench-rendimiento', 'node', $1, 1000000) returning id`,
      [KEY],
    );
    proyectoId = Number(rows[0]!.id);
    const sobre = sobres();
    console.log(
      `Ingesta: transacciones de ${SPANS} spans (${Buffer.byteLength(sobre())} bytes, @sentry/node), ${CONEXIONES} conexiones, ${SEGUNDOS_INGESTA} s, ${OFRECIDAS_POR_SEGUNDO > 0 ? `${OFRECIDAS_POR_SEGUNDO} ofrecidas por segundo` : 'sin tope'}`,
    );
    const rssAntes = Math.round(rssMb(server.child.pid!));
    // The peak of the intake alone, not of the reads measured before it on the same server.
    resetPeakRss(server.child.pid!);
    const cpu0 = { node: cpuSeconds(server.child.pid!), pg: postgresCpuSeconds() };
    const result = await autocannon({
      url: server.url,
      connections: CONEXIONES,
      duration: SEGUNDOS_INGESTA,
      ...(OFRECIDAS_POR_SEGUNDO > 0 ? { overallRate: OFRECIDAS_POR_SEGUNDO } : {}),
      requests: [
        {
          method: 'POST',
          path: `/api/${proyectoId}/envelope/?sentry_key=${KEY}`,
          headers: { 'content-type': 'application/x-sentry-envelope' },
          setupRequest: (req) => ({ ...req, body: sobre() }),
        },
      ],
    });
    const rss = peakRssMb(server.child.pid!);
    const cpu = { node: cpuSeconds(server.child.pid!) - cpu0.node, pg: postgresCpuSeconds() - cpu0.pg };
    // Requests still in flight when the load stops commit a moment later.
    await new Promise((r) => setTimeout(r, 2000));
    const {
      rows: [cuenta],
    } = await c.query<{ guardadas: string; spans: string }>(
      `select count(*) as guardadas, coalesce(sum(json_array_length(spans)), 0) as spans
         from insights_transacciones where proyecto_id = $1`,
      [proyectoId],
    );
    const guardadas = Number(cuenta!.guardadas);
    const aceptadas = result['2xx'];
    figure('Transacciones aceptadas (200)', aceptadas, 'transacciones');
    figure('Transacciones aceptadas por segundo', Math.round(aceptadas / SEGUNDOS_INGESTA), 'tx/s', { min: 500 });
    figure('Transacciones guardadas por segundo', Math.round(guardadas / SEGUNDOS_INGESTA), 'tx/s', { min: 500 });
    figure('Spans guardados', Number(cuenta!.spans), 'spans');
    figure('Rechazadas (429 u otro no-2xx)', result.non2xx, 'respuestas');
    const codigos = Object.entries(result.statusCodeStats ?? {})
      .filter(([codigo]) => !codigo.startsWith('2'))
      .map(([codigo, { count }]) => `${count ?? 0} × ${codigo}`);
    if (codigos.length > 0) console.log(`  (${codigos.join(', ')})`);
    if (result.errors > 0) figure('Errores de conexión', result.errors, 'errores');
    figure('Aceptadas y no guardadas', Math.max(0, aceptadas - guardadas), 'transacciones', { max: 0 });
    figure('Latencia p99', result.latency.p99, 'ms');
    figure('Latencia mediana', result.latency.p50, 'ms');
    figure('RSS del servidor antes de la carga (contexto)', rssAntes, 'MB');
    figure('RSS máxima del servidor durante la ingesta (VmHWM)', rss, 'MB', { max: 250 });
    figure('CPU del servidor Node por transacción', Math.round((cpu.node / guardadas) * 1e6) / 1000, 'ms');
    figure('CPU de PostgreSQL por transacción', Math.round((cpu.pg / guardadas) * 1e6) / 1000, 'ms');
  } finally {
    // The run's transactions go with its project; the history stays for the next run, vacuumed as autovacuum would.
    if (proyectoId !== undefined) {
      await c.query('delete from insights_proyectos where id = $1', [proyectoId]);
      await c.query('vacuum analyze insights_transacciones');
    }
    await c.end();
  }
}

/** `npm run bench -- rendimiento`: the Rendimiento tab's reads over 10M spans, then the transactions' intake. */
export async function rendimiento(): Promise<void> {
  const { databaseUrl, dataDir } = await baseDelDia(
    'intranet_bench_rendimiento',
    // `resumen1`: the history holds the Rendimiento tab's rollup (insights_transacciones_horas).
    `${TRANSACCIONES}x${SPANS}|resumen1`,
    `${TRANSACCIONES} transacciones de ${SPANS} spans en ${DIAS} días`,
    llenarTransacciones,
  );
  let servidor: ChildProcess | undefined;
  try {
    const p = await idDe(databaseUrl, 'historico-rendimiento');
    await contextoDeLaMaquina();
    const server = await startServer({ databaseUrl, dataDir, label: 'rendimiento', drop: async () => undefined });
    servidor = server.child;
    const headers = { ...(await adminHeaders(server.url)), ...NO_CACHE };
    console.log(`Base de datos: PostgreSQL (intranet_bench_rendimiento), ${TRANSACCIONES * SPANS} spans`);
    // Every filter the tab offers, so no two calls in a row ask the same: a range, perhaps an environment, a release.
    const filtros = () =>
      [
        `rango=${azar(['24h', '7d', '14d', '30d'])}`,
        ...azar([[], [`environment=${azar(['production', 'staging'])}`]]),
        ...azar([[], [`release=${encodeURIComponent(`api-pagos@4.${Math.floor(Math.random() * 5)}.0`)}`]]),
      ].join('&');
    const base = `/api/insights/proyectos/${p}`;
    const nombre = () => encodeURIComponent(nombreDe(Math.floor(NOMBRES * Math.random() ** 2)));
    const eventId = () => (1 + Math.floor(Math.random() * TRANSACCIONES)).toString(16).padStart(32, '0');
    const llamadas = [
      {
        nombre: 'GET .../rendimiento (por nombre: p50, p75, p95, fallas; serie diaria), cualquier rango y filtro',
        url: () => `${base}/rendimiento?${filtros()}`,
      },
      {
        nombre: 'GET .../transacciones?nombre= (las últimas de un nombre), cualquier rango y filtro',
        url: () => `${base}/transacciones?${filtros()}&nombre=${nombre()}`,
      },
      {
        nombre: 'GET .../transacciones/:event_id (la cascada de spans de una de 1M)',
        url: () => `${base}/transacciones/${eventId()}`,
      },
    ];
    for (const l of llamadas) {
      const res = await fetch(`${server.url}${l.url()}`, { headers });
      if (!res.ok) throw new Error(`${l.nombre}: ${res.status} ${await res.text()}`);
    }
    // The tab's default (24 h), apart: what most visits ask.
    await medir(server.url, headers, [
      ...llamadas,
      { nombre: 'GET .../rendimiento?rango=24h (el predeterminado)', url: () => `${base}/rendimiento?rango=24h` },
    ]);
    // A server of its own for the intake, as bench/intake.ts: its peak RSS is the intake's, not the reads'.
    await stopServer(servidor);
    const otro = await startServer({ databaseUrl, dataDir, label: 'ingesta', drop: async () => undefined });
    servidor = otro.child;
    await ingesta(databaseUrl, otro);
  } finally {
    await stopServer(servidor);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- salud`: release health over 1M sessions. */
export async function salud(): Promise<void> {
  const { databaseUrl, dataDir } = await baseDelDia(
    'intranet_bench_salud',
    `${SESIONES}|resumenes-v1`,
    `${SESIONES} sesiones de ${RELEASES_SALUD} releases en ${DIAS} días`,
    llenarSesiones,
  );
  let servidor: ChildProcess | undefined;
  try {
    const p = await idDe(databaseUrl, 'historico-salud');
    await contextoDeLaMaquina();
    const server = await startServer({ databaseUrl, dataDir, label: 'salud', drop: async () => undefined });
    servidor = server.child;
    const headers = { ...(await adminHeaders(server.url)), ...NO_CACHE };
    console.log(`Base de datos: PostgreSQL (intranet_bench_salud), ${SESIONES} sesiones`);
    const base = `/api/insights/proyectos/${p}`;
    const llamadas = [
      {
        nombre: 'GET .../salud?dias= (1 a 30 días; la pestaña pide 14)',
        url: () => `${base}/salud?dias=${1 + Math.floor(Math.random() * DIAS)}`,
      },
      { nombre: 'GET .../salud (14 días, el predeterminado)', url: () => `${base}/salud` },
      // Its health is of the last 14 days (SALUD_DIAS_LISTA): the URL is one, and `no-cache` reads it each time.
      { nombre: 'GET .../releases (con salud de 14 días)', url: () => `${base}/releases` },
    ];
    for (const l of llamadas) {
      const res = await fetch(`${server.url}${l.url()}`, { headers });
      if (!res.ok) throw new Error(`${l.nombre}: ${res.status} ${await res.text()}`);
    }
    await medir(server.url, headers, llamadas);
  } finally {
    await stopServer(servidor);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
