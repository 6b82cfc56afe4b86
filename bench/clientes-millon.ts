import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed.ts';
import {
  ADMIN_PASSWORD,
  adminHeaders,
  figuraCsv,
  NO_CACHE,
  percentile,
  startServer,
  stopServer,
  type Target,
} from './api-list.ts';
import { insertClientes, insertParametros, insertServidores } from './clientes.ts';
import { azar, cargar, contextoDeLaMaquina, pagina, SEGUNDOS, tiemposDeServidor } from './dns-millon.ts';
import { cpuSeconds, postgresCpuSeconds } from './intake.ts';
import { adminDePostgres, baseGuardada, consultar } from './postgres.ts';
import { figure } from './report.ts';

/**
 * The bench's own database, kept between runs: 1M clients, 10M parameters and the expiry grids' rows on top of
 * them take minutes to build. The clients bench and the expiry grids bench share it, so it is built once.
 */
const BASE = 'intranet_bench_clientes_millon';
const CLIENTES = 1_000_000;
const PARAMETROS_POR_CLIENTE = 10;
const TAMANO = 25;
/** Pages a filtered list reaches (its total stops at 10,000: TOPE_TOTAL). */
const PAGINAS_FILTRADA = 10_000 / TAMANO;

/** The kept database of 1M clients (and their grids' rows); PostgreSQL must answer: never PGlite. */
export async function baseDeClientes(): Promise<Target> {
  const admin = await adminDePostgres('1M clientes');
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-bench-clientes-millon-'));
  try {
    const databaseUrl = await baseGuardada(admin, {
      nombre: BASE,
      datos: `${CLIENTES}x${PARAMETROS_POR_CLIENTE}|grillas|v1`,
      descripcion: `${CLIENTES} clientes, ${CLIENTES * PARAMETROS_POR_CLIENTE} parámetros, 1,6M filas AFIP y 1M licencias Physis`,
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

/** Only the bench's clients (their fantasy names), not the seed's demo ones. */
const DEL_BENCH = sql`nombre_fantasia like 'Fantasía %'`;
const hoy = sql`(now() at time zone 'America/Argentina/Buenos_Aires')::date`;

/** A production certificate for each bench client and a homologation one for one in two, expiring around today. */
export const certificadosDelBench = sql`
  insert into afip_certificados (empresa_id, cuit, alias, cn, ambiente, servicios, emitido, vence, serial, huella)
  select e.id, e.cuit, 'Facturación', 'cn-' || e.id, a.ambiente, array['wsfe'], ${hoy} - 700, ${hoy} + ((e.id::bigint * 7919 + a.n) % 1100 - 365)::int,
         md5(e.id::text || a.ambiente), md5(a.ambiente || e.id::text)
  from empresas e cross join (values ('produccion', 0), ('homologacion', 1)) a(ambiente, n)
  where e.${DEL_BENCH} and (a.n = 0 or e.id % 2 = 0)`;

/** A yearly Physis licence for each bench client, expiring around today. */
export const licenciasDelBench = sql`
  insert into physis_licencias (empresa_id, producto_id, tipo, usuarios, inicio, vence)
  select e.id, (select id from productos where codigo = 'PHY-ERP'), 'anual', 1 + e.id % 40, ${hoy} - 300, ${hoy} + ((e.id::bigint * 104729) % 1000 - 300)::int
  from empresas e where e.${DEL_BENCH}`;

async function llenar(databaseUrl: string, dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir });
  const paso = async (nombre: string, consulta: ReturnType<typeof sql>) => {
    const desde = Date.now();
    await database.db.execute(consulta);
    console.log(`  ${nombre}: ${Math.round((Date.now() - desde) / 1000)} s`);
  };
  try {
    await migrate(database.db);
    await seed(database.db, { adminPassword: ADMIN_PASSWORD, demoPassword: ADMIN_PASSWORD, dataDir });
    const desde = Date.now();
    await insertClientes(database.db, CLIENTES);
    console.log(`  clientes: ${Math.round((Date.now() - desde) / 1000)} s`);
    await sinGuardados(paso);
    await paso('servidores', insertServidores(sql`e.${DEL_BENCH} and e.id % 3 <> 0`));
    await paso('parámetros', insertParametros(sql`e.${DEL_BENCH}`, PARAMETROS_POR_CLIENTE));
    // The expiry grids' rows, as the vencimientos bench puts them, for 1M clients: a production certificate
    // each, a homologation one for one in two, a CAI point of sale for one in ten, a licence each; expiries
    // spread over three years around today.
    await paso('certificados AFIP', certificadosDelBench);
    await paso(
      'puntos de venta CAI',
      sql`
      insert into afip_puntos_venta (empresa_id, numero, modalidad, cai_vence)
      select id, 2, 'cai', ${hoy} + (id * 31 % 700 - 200) from empresas where ${DEL_BENCH} and id % 10 = 0`,
    );
    await paso('licencias Physis', licenciasDelBench);
    await guardadosDeUnaVez(database.db, paso);
    // What autovacuum does soon after a bulk load: statistics, visibility map, the GIN pending list merged.
    await paso('vacuum analyze', sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

export type Paso = (nombre: string, consulta: ReturnType<typeof sql>) => Promise<void>;

/**
 * The triggers of the kept data (migration 0040) that the load leaves off: each insert of items made the grids'
 * rows and then updated every client it touched, a non-HOT update (the kept columns are indexed) through all the
 * clients' indexes, trigram ones included: four passes over 1M clients, the first (servers) alone over 18 min.
 * `guardadosDeUnaVez` makes the same data once, as the migration does for existing rows.
 */
const GUARDADOS: [tabla: string, trigger: string][] = [
  ['servidores_cliente', 'servidores_cliente_a_empresas_alta'],
  ['afip_certificados', 'afip_certificados_vencimientos_alta'],
  ['afip_puntos_venta', 'afip_puntos_venta_vencimientos_alta'],
  ['physis_licencias', 'physis_licencias_vencimientos_alta'],
  ['vencimientos', 'vencimientos_a_empresas_alta'],
  ['empresas', 'empresas_a_vencimientos'],
];

export async function sinGuardados(paso: Paso): Promise<void> {
  await paso(
    'triggers de los datos guardados, apagados',
    sql.join(
      GUARDADOS.map(([t, g]) => sql`alter table ${sql.identifier(t)} disable trigger ${sql.identifier(g)};`),
      sql` `,
    ),
  );
}

/**
 * The kept data of everything loaded, by the functions the triggers call, each over all the rows at once: the grids'
 * rows, then each client's server count, Physis version and next expiry. The indexes of the two tables written
 * are dropped meanwhile and built again from their own definitions, as the migration builds them after filling.
 * Then the triggers are on again.
 */
export async function guardadosDeUnaVez(db: Db, paso: Paso): Promise<void> {
  const { rows: indices } = await db.execute<{ tabla: string; nombre: string; definicion: string }>(sql`
    select i.tablename as tabla, i.indexname as nombre, i.indexdef as definicion from pg_indexes i
     where i.schemaname = 'public' and i.tablename in ('vencimientos', 'empresas')
       and not exists (select from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`);
  const de = (tabla: string) => indices.filter((i) => i.tabla === tabla);
  const sinIndices = (tabla: string) =>
    sql.join(
      de(tabla).map((i) => sql`drop index ${sql.identifier(i.nombre)};`),
      sql` `,
    );
  const conIndices = (tabla: string) =>
    sql.raw(
      de(tabla)
        .map((i) => `${i.definicion};`)
        .join(' '),
    );
  await paso(
    'índices de vencimientos y empresas, quitados',
    sql`${sinIndices('vencimientos')} ${sinIndices('empresas')}`,
  );
  await paso(
    'filas de las grillas',
    sql`
    select vencimientos_de_certificados(array(select id from afip_certificados));
    select vencimientos_de_puntos_venta(array(select id from afip_puntos_venta));
    select vencimientos_de_licencias(array(select id from physis_licencias))`,
  );
  await paso('índices de vencimientos', conIndices('vencimientos'));
  await paso(
    'columnas guardadas de los clientes',
    sql`
    select empresas_servidores(array(select id from empresas));
    select empresas_proximo_vencimiento(array(select id from empresas))`,
  );
  await paso('índices de empresas', conIndices('empresas'));
  await paso(
    'triggers de los datos guardados, encendidos',
    sql.join(
      GUARDADOS.map(([t, g]) => sql`alter table ${sql.identifier(t)} enable trigger ${sql.identifier(g)};`),
      sql` `,
    ),
  );
}

/** One kind of call a list bench makes: a name for its figures, a random URL of its kind, and its server-time goal. */
export interface Llamada {
  nombre: string;
  url: () => string;
  /** Server time p99 goal, ms: 30 for any list page, 20 for a search's first page. */
  meta: number;
}

const LLAMADAS_POR_TIPO = Number(process.env.BENCH_LLAMADAS ?? 100);

/**
 * The figures every 1M-row list bench prints, as dns-millon: a bare Fastify (context) and the floor (session +
 * `select 1`: GET /api/estado/sesion) at 50 connections, then all `llamadas` mixed at random at 50 connections
 * read from the database (≥ 50 % of the floor), the server time of each kind one call at a time (median and p99
 * against its goal), a cached page for context, and each CSV of all rows in `csv` (≤ 4 s).
 */
export async function medirListas(
  titulo: string,
  server: { url: string; child: ChildProcess },
  headers: Record<string, string>,
  llamadas: readonly Llamada[],
  opts: { cacheada?: string; csv?: { nombre: string; url: string }[] },
): Promise<void> {
  await contextoDeLaMaquina();
  const piso = await cargar(`${server.url}/api/estado/sesion`, headers);
  const cpu0 = { node: cpuSeconds(server.child.pid!), pg: postgresCpuSeconds() };
  const listas = await cargar(server.url, headers, () => azar(llamadas).url());
  const cpu = { node: cpuSeconds(server.child.pid!) - cpu0.node, pg: postgresCpuSeconds() - cpu0.pg };
  const cacheada =
    opts.cacheada === undefined
      ? undefined
      : await cargar(`${server.url}${opts.cacheada}`, { authorization: headers.authorization ?? '' });
  const tiempos: [Llamada, number[]][] = [];
  for (const llamada of llamadas)
    tiempos.push([llamada, await tiemposDeServidor(server.url, headers, llamada.url, LLAMADAS_POR_TIPO)]);

  figure('GET /api/estado/sesion (sesión + select 1, el piso): solicitudes/s', Math.round(piso.rps), 'sol/s');
  figure('GET /api/estado/sesion: p99', piso.p99, 'ms');
  if (piso.errores > 0) console.log(`  (${piso.errores} respuestas con error)`);
  figure(`${titulo}, cualquier llamada al azar, leída de la base: solicitudes/s`, Math.round(listas.rps), 'sol/s');
  // Context, not a goal: a query that reads nothing is no ceiling for one that reads a page (the DNS list is
  // measured against pgbench replaying its own statements instead).
  figure('  respecto del piso (contexto)', Math.round((listas.rps / piso.rps) * 1000) / 10, '%');
  figure('  p99 con 50 conexiones', listas.p99, 'ms');
  if (listas.errores > 0) console.log(`  (${listas.errores} respuestas con error)`);
  const servidas = listas.rps * SEGUNDOS;
  figure('  CPU del servidor Node por llamada (contexto)', Math.round((cpu.node / servidas) * 1e5) / 100, 'ms');
  figure('  CPU de PostgreSQL por llamada (contexto)', Math.round((cpu.pg / servidas) * 1e5) / 100, 'ms');
  for (const [llamada, t] of tiempos) {
    figure(`${llamada.nombre}: tiempo de servidor, mediana`, percentile(t, 50), 'ms');
    figure(`${llamada.nombre}: tiempo de servidor, p99`, percentile(t, 99), 'ms', { max: llamada.meta });
  }
  if (cacheada)
    figure(
      `${opts.cacheada}, una misma página desde la caché (contexto, no es el objetivo): solicitudes/s`,
      Math.round(cacheada.rps),
      'sol/s',
    );
  for (const { nombre, url } of opts.csv ?? []) await figuraCsv(nombre, `${server.url}${url}`, headers);
}

/**
 * A setup call (ids for the cursors, one call of each kind before measuring): a 503 of the overload guard on a
 * busy machine is waited out (up to 10 tries, 2 s apart) rather than ending the bench before it measures.
 */
export async function leerPreparando(url: string, headers: Record<string, string>): Promise<Response> {
  for (let intento = 1; ; intento += 1) {
    const res = await fetch(url, { headers });
    if (res.status !== 503 || intento === 10) return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** The bench clients' ids (contiguous), for cursors and one client's parameters. */
async function idsDelBench(databaseUrl: string): Promise<{ desde: number; hasta: number }> {
  const [ids] = await consultar<{ desde: number; hasta: number }>(
    databaseUrl,
    `select min(id) as desde, max(id) as hasta from empresas where nombre_fantasia like 'Fantasía %'`,
  );
  return ids!;
}

const CLIENTE_ORDENES = [
  'razon_social',
  'cuit',
  'localidad',
  'provincia',
  'servidores_count',
  'version_physis',
  'proximo_vencimiento',
  'activo',
  'actualizado',
].flatMap((c) => [c, `-${c}`]);

/**
 * Any page the pager reaches: one of the first or last pages by number, one by number anywhere a filter reaches
 * (`hasta`), or the next or previous page of any row (`tras`/`antes`, any of the list's ids).
 */
export function paginaAlcanzable(paginas: number, id: () => number, hasta = 10): string {
  const cualquiera = () => 2 + Math.floor(Math.random() * (paginas - 2));
  return azar([
    () => `page=${pagina(hasta)}`,
    () => `page=${paginas - Math.floor(Math.random() * 10)}`,
    () => `page=${cualquiera()}&tras=${id()}`,
    () => `page=${cualquiera()}&antes=${id()}`,
  ])();
}

/**
 * A broad search (a name word: ~170k clients; a CUIT prefix: all) or a narrow one (a name's number, a whole CUIT, part
 * of one).
 */
function busquedaDeClientes(): string {
  const g = 1 + Math.floor(Math.random() * CLIENTES);
  const diez = `30${String(10_000_000 + g).padStart(8, '0')}`;
  return encodeURIComponent(
    azar([
      () => azar(['andina', 'litoral', 'agro', 'transportes']),
      () => '3010',
      () => `andina ${g}`,
      () => diez.slice(2, 9),
      () => `${diez.slice(0, 2)}-${diez.slice(2, 10)}`,
    ])(),
  );
}

/**
 * `npm run bench -- clientes-millon`: the client list at 1M clients (10M parameters) read from PostgreSQL — any
 * page, sort and filter, broad and narrow searches — and one client's parameters, against the floor in the same
 * run (≤ 30 ms of server time at p99, ≥ 50 % of the floor's requests/s, a search's first page ≤ 20 ms,
 * the CSV of every client ≤ 4 s).
 */
export async function clientesMillon(): Promise<void> {
  const target = await baseDeClientes();
  let servidor: ChildProcess | undefined;
  try {
    const ids = await idsDelBench(target.databaseUrl!);
    const id = () => ids.desde + Math.floor(Math.random() * (ids.hasta - ids.desde + 1));
    const server = await startServer(target);
    servidor = server.child;
    const headers = { ...(await adminHeaders(server.url)), ...NO_CACHE };
    const orden = () => `sort=${azar(CLIENTE_ORDENES)}&size=${TAMANO}`;
    const llamadas: Llamada[] = [
      {
        nombre: 'GET /api/empresas, sin filtro, cualquier página y orden',
        meta: 30,
        url: () => `/api/empresas?${orden()}&${paginaAlcanzable(CLIENTES / TAMANO, id)}`,
      },
      {
        nombre:
          'GET /api/empresas, filtrada (provincia amplia o angosta, inactivos, condición IVA), cualquier página y orden',
        meta: 30,
        url: () =>
          `/api/empresas?${orden()}&${azar(['provincia=Córdoba', 'provincia=Neuquén', 'provincia=Salta', 'activo=false', 'condicion_iva=monotributo', 'condicion_iva=responsable_inscripto'].map(encodeURI))}&${paginaAlcanzable(PAGINAS_FILTRADA, id, PAGINAS_FILTRADA)}`,
      },
      {
        nombre: 'GET /api/empresas?q= (amplia o angosta), primera página, cualquier orden',
        meta: 20,
        url: () => `/api/empresas?${orden()}&q=${busquedaDeClientes()}`,
      },
      {
        nombre: 'GET /api/empresas/:id/parametros (un cliente de 1M, 10M parámetros)',
        meta: 30,
        url: () => `/api/empresas/${id()}/parametros`,
      },
    ];
    for (const l of llamadas) {
      const res = await leerPreparando(`${server.url}${l.url()}`, headers);
      if (!res.ok) throw new Error(`${l.nombre}: ${res.status} ${await res.text()}`);
    }
    await medirListas('Clientes, 1M filas', server, headers, llamadas, {
      cacheada: `/api/empresas?sort=razon_social&size=${TAMANO}&page=40`,
      csv: [{ nombre: 'CSV de los 1M clientes', url: '/api/empresas/export.csv' }],
    });
  } finally {
    await stopServer(servidor);
    await target.drop();
  }
}
