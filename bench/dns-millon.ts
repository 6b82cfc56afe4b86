import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { dnsListQuery } from '../packages/contract/src/areas/servidores/dns.ts';
import { dnsList, dnsSource } from '../apps/server/src/areas/servidores/dns/queries.ts';
import { openDatabase, openPostgres, poolDe } from '../apps/server/src/db/client.ts';
import { listPage } from '../apps/server/src/lists/list.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed.ts';
import {
  ADMIN_PASSWORD,
  adminHeaders,
  figuraCsv,
  freePort,
  NO_CACHE,
  percentile,
  startServer,
  stopServer,
  type Target,
} from './api-list.ts';
import { cpuSeconds, postgresCpuSeconds } from './intake.ts';
import { adminDePostgres, baseGuardada, grabarSentencias, pgbench, type Sentencia } from './postgres.ts';
import { figure } from './report.ts';
import { serverDir } from './server.ts';

/** The bench's own database, kept between runs: building a million entries takes a minute or two. */
const BASE = 'intranet_bench_dns_millon';
const SERVIDORES = 10_000;
const POR_SERVIDOR = 100;
const TAMANO = 25;
/** Pages a filtered list reaches (its total stops at 10,000: TOPE_TOTAL). */
const PAGINAS_FILTRADA = 10_000 / TAMANO;
export const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 10);
const LLAMADAS_TIEMPO = 400;

/**
 * The bench's PostgreSQL database with 1M DNS entries over 10,000 servers, reused while it matches this build.
 * PostgreSQL must answer: this bench never falls back to PGlite.
 */
async function baseDelMillon(): Promise<Target> {
  const admin = await adminDePostgres('1M filas');
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-bench-millon-'));
  try {
    const databaseUrl = await baseGuardada(admin, {
      nombre: BASE,
      datos: `${SERVIDORES}x${POR_SERVIDOR}|v1`,
      descripcion: `${SERVIDORES * POR_SERVIDOR} entradas DNS en ${SERVIDORES} servidores`,
      llenar: (url) => llenar(url, dataDir),
    });
    return {
      databaseUrl,
      dataDir,
      label: `PostgreSQL (${BASE})`,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  } finally {
    await admin.end();
  }
}

async function llenar(databaseUrl: string, dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(database.db);
    await seed(database.db, { adminPassword: ADMIN_PASSWORD, demoPassword: ADMIN_PASSWORD, dataDir });
    // Names in an order of their own (not the ids'), providers and roles as a company has them.
    await database.db.execute(sql`
      insert into servidores (nombre, hostname, proveedor, rol, estado)
      select 'srv-' || substr(md5(g::text), 1, 6) || '-' || g, 'm' || lpad(g::text, 5, '0') || '.physis.local',
             (array['AWS', 'Hetzner', 'DonWeb', 'On-premise'])[1 + g % 4], 'Carga', 'activo'
      from generate_series(1, ${SERVIDORES}) g`);
    // Through the triggers, as the portal writes them (the kept count, the server's name on each entry).
    await database.db.execute(sql`
      insert into dns (servidor_id, host, tipo, ttl, activo)
      select s.id, 'h' || lpad(g::text, 3, '0') || '.' || s.hostname, (array['A', 'AAAA', 'CNAME'])[1 + (s.id + g) % 3],
             300 * (1 + g % 12), (s.id * 7 + g) % 50 <> 0
      from servidores s cross join generate_series(1, ${POR_SERVIDOR}) g
      where s.hostname like 'm%.physis.local'`);
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

/** A bare Fastify answering hello world: the ceiling of this machine, printed beside the figures for context. */
async function holaMundo(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const script = `const app = require('fastify')(); app.get('/', async () => ({ hola: 'mundo' })); app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', script], { cwd: serverDir, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (const limite = Date.now() + 10_000; Date.now() < limite; ) {
    try {
      if ((await fetch(url)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('el hola mundo de Fastify no arrancó');
}

/** Where the usual hello world figure is kept: this machine's, outside the repository. */
const HOLA_MUNDO_HABITUAL = join(homedir(), '.cache', 'intranet-bench', 'fastify-hola-mundo.json');
/** The usual figure is the median of this many last runs, so one busy run does not move it. */
const CORRIDAS_HABITUALES = 9;

/**
 * The bare Fastify's hello world at 50 connections, printed as the context of a bench that measures
 * throughput, beside its usual figure on this machine (the median of the last runs, kept in
 * ~/.cache/intranet-bench). Below half of it, the machine was busy (other processes took its cores) and the
 * run's requests/s say little of the code: the warning says so. Answers the figure.
 */
export async function contextoDeLaMaquina(): Promise<number> {
  const mundo = await holaMundo();
  let rps: number;
  try {
    rps = Math.round((await cargar(mundo.url, {})).rps);
  } finally {
    await stopServer(mundo.child);
  }
  let anteriores: number[] = [];
  try {
    const leido = JSON.parse(readFileSync(HOLA_MUNDO_HABITUAL, 'utf8')) as { corridas?: unknown };
    if (Array.isArray(leido.corridas)) anteriores = leido.corridas.filter((n): n is number => typeof n === 'number');
  } catch {
    // First run on this machine, or an unreadable file: no usual figure yet.
  }
  const habitual =
    anteriores.length > 0
      ? percentile(
          [...anteriores].sort((a, b) => a - b),
          50,
        )
      : undefined;
  figure(
    `Fastify hola mundo (contexto: cuán libre estaba la máquina; habitual ${habitual ?? 'sin datos'}): solicitudes/s`,
    rps,
    'sol/s',
  );
  const loadAvg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`  carga de la máquina (loadavg 1, 5, 15 min): ${loadAvg} en ${availableParallelism()} núcleos`);
  if (habitual !== undefined && rps < habitual / 2)
    console.log(
      `  AVISO: la máquina estaba ocupada (hola mundo a ${rps} sol/s, menos de la mitad de las ${habitual} habituales): las cifras de esta corrida no son comparables con las de otras.`,
    );
  mkdirSync(dirname(HOLA_MUNDO_HABITUAL), { recursive: true });
  writeFileSync(HOLA_MUNDO_HABITUAL, JSON.stringify({ corridas: [...anteriores, rps].slice(-CORRIDAS_HABITUALES) }));
  return rps;
}

const ORDENES = ['host', 'servidor_nombre', 'tipo', 'ttl'].flatMap((c) => [c, `-${c}`]);
export const azar = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
export const pagina = (hasta: number) => 1 + Math.floor(Math.random() * hasta);
const ENTRADAS = SERVIDORES * POR_SERVIDOR;

/**
 * Any page the pager reaches, anywhere in the list: one of the first or last pages by their number (the
 * pager's buttons, its last one too), one by number anywhere a filter reaches (`hasta`, 400 pages), or the
 * next or previous page of any page (the pager sends the row it reads from: `tras`/`antes`, any of the 1M).
 */
function paginaAlcanzable(paginas: number, hasta = 10): string {
  const fila = () => pagina(ENTRADAS);
  const cualquiera = () => 2 + Math.floor(Math.random() * (paginas - 2));
  return azar([
    () => `page=${pagina(hasta)}`,
    () => `page=${paginas - Math.floor(Math.random() * 10)}`,
    () => `page=${cualquiera()}&tras=${fila()}`,
    () => `page=${cualquiera()}&antes=${fila()}`,
  ])();
}

/**
 * Any list the DNS screen can ask for: any sort (both ways), no filter (any of its 40,000 pages) or a filter —
 * broad (a type: 333k rows; the inactive: 20k; a search matching 10,000 hosts) or narrow (one server's 100, a
 * search matching one host) — on any page it reaches.
 */
function listaCualquiera(servidorIds: readonly number[]): string {
  const orden = `sort=${azar(ORDENES)}&size=${TAMANO}`;
  const filtro = azar([
    () => paginaAlcanzable(ENTRADAS / TAMANO),
    () => `tipo=${azar(['A', 'AAAA', 'CNAME'])}&${paginaAlcanzable(PAGINAS_FILTRADA, PAGINAS_FILTRADA)}`,
    () => `activo=false&${paginaAlcanzable(PAGINAS_FILTRADA, PAGINAS_FILTRADA)}`,
    () => `servidor_id=${azar(servidorIds)}&page=${pagina(4)}`,
    () => `q=${busquedaCualquiera()}&page=1`,
  ])();
  return `/api/dns?${orden}&${filtro}`;
}

/**
 * A broad search (a host prefix shared by 10,000 entries) or a narrow one (one server's host, 100 entries, or
 * one entry).
 */
function busquedaCualquiera(): string {
  const g = 1 + Math.floor(Math.random() * SERVIDORES);
  return azar([
    () => `h${String(1 + Math.floor(Math.random() * POR_SERVIDOR)).padStart(3, '0')}.`,
    () => `m${String(g).padStart(5, '0')}.physis`,
    () => `h042.m${String(g).padStart(5, '0')}`,
  ])();
}

export async function cargar(url: string, headers: Record<string, string>, variar?: () => string) {
  const r = await autocannon({
    url,
    connections: 50,
    duration: SEGUNDOS,
    headers,
    ...(variar ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: variar() }) }] } : {}),
  });
  // Answers only: a 503 of a shed call is not a list served.
  return { rps: r['2xx'] / r.duration, p99: r.latency.p99, errores: r.non2xx + r.errors };
}

/**
 * The server's own time (Server-Timing `app`) of calls one at a time, each to a URL of its own, read from the database.
 */
export async function tiemposDeServidor(
  base: string,
  headers: Record<string, string>,
  url: () => string,
  llamadas = LLAMADAS_TIEMPO,
): Promise<number[]> {
  const tiempos: number[] = [];
  for (let i = 0; i < llamadas; i += 1) {
    const ruta = url();
    const desde = performance.now();
    const res = await fetch(`${base}${ruta}`, { headers: { ...headers, ...NO_CACHE } });
    // A call the server gave up on (503: the statement timeout) counts with the time it took, not as a crash.
    if (!res.ok && res.status !== 503) throw new Error(`${ruta}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const dur = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1];
    if (!res.ok) {
      console.log(`  ${ruta}: ${res.status} tras ${Math.round(performance.now() - desde)} ms`);
      tiempos.push(performance.now() - desde);
    } else if (dur) tiempos.push(Number(dur));
  }
  return tiempos.sort((a, b) => a - b);
}

/**
 * The statements the DNS list route runs for each of `urls`, recorded in-process: the route's own function
 * (`listPage` over the area's declaration and source) over a pool opened as the server opens it, whose `query`
 * writes down what drizzle hands node-postgres. The session check runs none: the server keeps a checked
 * session in memory (30 s, dropped on a change), so a list request sends only these.
 */
async function sentenciasDeLasListas(databaseUrl: string, urls: readonly string[]): Promise<Sentencia[][]> {
  const database = await openPostgres(databaseUrl);
  const pool = poolDe(database.db);
  if (!pool) throw new Error('se esperaba PostgreSQL');
  const grabadas = grabarSentencias(pool);
  try {
    const porUrl: Sentencia[][] = [];
    for (const url of urls) {
      const desde = grabadas.length;
      const q = dnsListQuery.parse(Object.fromEntries(new URL(url, 'http://bench').searchParams));
      await listPage(dnsList, q, dnsSource(database.db));
      porUrl.push(grabadas.slice(desde));
    }
    return porUrl;
  } finally {
    await database.close();
  }
}

/**
 * pgbench takes at most 128 scripts: the 500 sampled lists go four to a script, so the replay draws from all of them
 * (a sample of 100, one to a script, moved the replay's rate by a quarter between runs: a few deep or broad lists
 * cost many times the rest).
 */
const LISTAS_POR_SCRIPT = 4;

/**
 * The same statements run by pgbench (`-M prepared`, 50 clients, as many seconds as the route's load) against the
 * same database, the sampled lists four to a script (their statements in order), the parameters as pgbench
 * variables (-D): the rate PostgreSQL alone gives those lists on this machine. Answers lists/s.
 */
function pgbenchDeLasListas(databaseUrl: string, listas: readonly Sentencia[][], opciones?: string): number {
  const variables: string[] = [];
  const textos = listas.map((sentencias, i) =>
    sentencias
      .map((s, j) => {
        s.values.forEach((v, k) => {
          variables.push(`l${i}s${j}p${k + 1}=${String(v)}`);
        });
        return `${s.text.replace(/\$(\d+)/g, (_, n: string) => `:l${i}s${j}p${n}`)};\n`;
      })
      .join(''),
  );
  const scripts = Array.from({ length: Math.ceil(textos.length / LISTAS_POR_SCRIPT) }, (_, i) =>
    textos.slice(i * LISTAS_POR_SCRIPT, (i + 1) * LISTAS_POR_SCRIPT).join(''),
  );
  return (
    LISTAS_POR_SCRIPT *
    pgbench(databaseUrl, scripts, {
      clientes: 50,
      segundos: SEGUNDOS,
      variables,
      ...(opciones === undefined ? {} : { opciones }),
    })
  );
}

/**
 * The list's SQL texts are a bounded set (what node-postgres keeps prepared per connection): how many distinct
 * ones `listas` sent, and how many statements carry a parameter's value in their text rather than as a parameter.
 */
function textosDeLasListas(listas: readonly Sentencia[][]): { distintos: number; conValores: number } {
  const todas = listas.flat();
  const conValores = todas.filter((s) =>
    s.values.some((v) => typeof v === 'string' && v.length >= 3 && s.text.includes(v)),
  ).length;
  return { distintos: new Set(todas.map((s) => s.text)).size, conValores };
}

/**
 * `npm run bench -- dns-millon`: the DNS list at 1M entries read from PostgreSQL, against the floor every read
 * pays (the session check and `select 1` through the same pool: GET /api/estado/sesion) in the same run, and a
 * bare Fastify for context. Goals: any page, sort and filter at ≤ 30 ms of server time at p99, and at 50
 * connections ≥ 70 % of the rate pgbench gives its own statements (the floor's share is context); a search's first
 * page ≤ 20 ms at p99; the whole list as CSV ≤ 4 s.
 */
export async function dnsMillon(): Promise<void> {
  const target = await baseDelMillon();
  const databaseUrl = target.databaseUrl;
  if (!databaseUrl) throw new Error('dns-millon mide en PostgreSQL');
  let servidor: ChildProcess | undefined;
  try {
    const server = await startServer(target);
    servidor = server.child;
    const headers = { ...(await adminHeaders(server.url)), ...NO_CACHE };
    const ids = await fetch(`${server.url}/api/servidores/lista?size=200&q=physis.local`, { headers }).then(async (r) =>
      ((await r.json()) as { datos: { items: { id: number }[] } }).datos.items.map((s) => s.id),
    );
    if (ids.length === 0) throw new Error('no se encontraron los servidores del bench');

    // 500 lists drawn at random: the route's load asks for these, and pgbench replays their statements, so both
    // read the same pages (against a load of fresh lists, the replay of 500 ran on warmer pages: 721–1,020 lists/s
    // in runs of the same code). Their statements also give the distinct texts.
    const muestra = Array.from({ length: 500 }, () => listaCualquiera(ids));
    const capturadas = await sentenciasDeLasListas(databaseUrl, muestra);
    await contextoDeLaMaquina();
    const piso = await cargar(`${server.url}/api/estado/sesion`, headers);
    const cpu0 = { node: cpuSeconds(servidor.pid!), pg: postgresCpuSeconds() };
    const listas = await cargar(server.url, headers, () => azar(muestra));
    const cpu = { node: cpuSeconds(servidor.pid!) - cpu0.node, pg: postgresCpuSeconds() - cpu0.pg };
    const pgbench = pgbenchDeLasListas(databaseUrl, capturadas);
    // For context: the same replay with PostgreSQL's default plan cache (generic plans after five runs).
    const pgbenchGenerico = pgbenchDeLasListas(databaseUrl, capturadas, '');
    const cacheada = await cargar(`${server.url}/api/dns?sort=host&size=${TAMANO}&page=40`, {
      authorization: headers.authorization,
    });

    const tiempos = await tiemposDeServidor(server.url, headers, () => listaCualquiera(ids));
    const busquedas = await tiemposDeServidor(
      server.url,
      headers,
      () => `/api/dns?q=${busquedaCualquiera()}&sort=${azar(ORDENES)}&size=${TAMANO}`,
    );

    figure('GET /api/estado/sesion (sesión + select 1, el piso): solicitudes/s', Math.round(piso.rps), 'sol/s');
    figure('GET /api/estado/sesion: p99', piso.p99, 'ms');
    if (piso.errores > 0) console.log(`  (${piso.errores} respuestas con error)`);
    figure(
      'GET /api/dns, 1M filas, cualquier página, orden y filtro, leída de la base: solicitudes/s',
      Math.round(listas.rps),
      'sol/s',
    );
    // Context, not a goal: a query that reads nothing is no ceiling for one that reads a page (the DNS list is
    // measured against pgbench replaying its own statements instead).
    figure('  respecto del piso (contexto)', Math.round((listas.rps / piso.rps) * 1000) / 10, '%');
    figure('  p99 con 50 conexiones', listas.p99, 'ms');
    if (listas.errores > 0) console.log(`  (${listas.errores} respuestas con error)`);
    // What PostgreSQL alone gives the same lists (their statements, prepared, 50 clients): the share of it the
    // route serves is what the server adds per list (HTTP, JSON, the pool, drizzle), whatever the machine.
    figure(
      `  pgbench -M prepared de sus sentencias (${capturadas.length} listas al azar, ${LISTAS_POR_SCRIPT} por script, 50 clientes): listas/s`,
      Math.round(pgbench),
      'listas/s',
    );
    figure('  listas/s respecto de pgbench de sus sentencias', Math.round((listas.rps / pgbench) * 1000) / 10, '%', {
      min: 70,
    });
    figure(
      '  pgbench con planes genéricos (contexto: el plan por defecto de PostgreSQL, que el servidor no usa)',
      Math.round(pgbenchGenerico),
      'listas/s',
    );
    const textos = textosDeLasListas(capturadas);
    figure(
      `  textos SQL distintos en ${capturadas.length} listas al azar (contexto: preparados por conexión)`,
      textos.distintos,
      'textos',
    );
    figure('  sentencias con un valor escrito en su texto y no como parámetro', textos.conValores, 'sentencias', {
      max: 0,
    });
    // Where the time goes, whatever else the machine does: CPU per list served, the server's and PostgreSQL's.
    const servidas = listas.rps * SEGUNDOS;
    figure('  CPU del servidor Node por lista (contexto)', Math.round((cpu.node / servidas) * 1e5) / 100, 'ms');
    figure('  CPU de PostgreSQL por lista (contexto)', Math.round((cpu.pg / servidas) * 1e5) / 100, 'ms');
    figure('  tiempo de servidor, mediana', percentile(tiempos, 50), 'ms');
    figure('  tiempo de servidor, p99', percentile(tiempos, 99), 'ms', { max: 30 });
    figure(
      'Búsqueda en 1M filas, primera página, amplia o angosta: tiempo de servidor, mediana',
      percentile(busquedas, 50),
      'ms',
    );
    figure('Búsqueda en 1M filas: tiempo de servidor, p99', percentile(busquedas, 99), 'ms', { max: 20 });
    figure(
      'GET /api/dns, una misma página desde la caché (contexto, no es el objetivo): solicitudes/s',
      Math.round(cacheada.rps),
      'sol/s',
    );
    await figuraCsv('CSV de las 1M entradas', `${server.url}/api/dns/export.csv`, headers);
  } finally {
    await stopServer(servidor);
    await target.drop();
  }
}
