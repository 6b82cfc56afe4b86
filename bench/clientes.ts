import type { ChildProcess } from 'node:child_process';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed.ts';
import {
  ADMIN_PASSWORD,
  adminHeaders,
  chooseTarget,
  listFigures,
  load,
  NO_CACHE,
  percentile,
  serverTimes,
  startServer,
  stopServer,
  type Target,
} from './api-list.ts';
import { figure } from './report.ts';

const CLIENTES = 100_000;
const PARAMETROS_POR_CLIENTE = 10;
/** Matches a handful of the 100,000 names (the number 4567 inside "… Andina 4567…"). */
const RAZON = 'andina 4567';

/** `n` clients with valid CUITs (the check digit computed in SQL) and names like "Agro Andina 4567 S.A.". */
export async function insertClientes(db: Db, n: number): Promise<void> {
  await db.execute(sql`
    insert into empresas (razon_social, nombre_fantasia, cuit, condicion_iva, localidad, provincia, notas)
    select razon, fantasia, diez || (case when v = 11 then 0 else v end)::text, 'responsable_inscripto', 'Localidad ' || (g % 500),
           (array['Buenos Aires', 'Córdoba', 'Santa Fe', 'Mendoza', 'Neuquén'])[1 + g % 5], '{"type":"doc","content":[{"type":"paragraph"}]}'::jsonb
    from (
      select g, diez,
             (array['Agro', 'Metalúrgica', 'Distribuidora', 'Transportes', 'Lácteos'])[1 + g % 5] || ' ' ||
               (array['del Sur', 'Norte', 'Andina', 'Pampeana', 'Litoral', 'Cuyo'])[1 + g % 6] || ' ' || g || ' S.A.' as razon,
             'Fantasía ' || g as fantasia,
             11 - ((substr(diez, 1, 1)::int * 5 + substr(diez, 2, 1)::int * 4 + substr(diez, 3, 1)::int * 3 + substr(diez, 4, 1)::int * 2 +
                    substr(diez, 5, 1)::int * 7 + substr(diez, 6, 1)::int * 6 + substr(diez, 7, 1)::int * 5 + substr(diez, 8, 1)::int * 4 +
                    substr(diez, 9, 1)::int * 3 + substr(diez, 10, 1)::int * 2) % 11) as v
      from (select g, '30' || lpad((10000000 + g)::text, 8, '0') as diez from generate_series(1, ${Math.round(n * 1.12)}) g) d
    ) c
    where v <> 10
    order by g
    limit ${n}`);
  // What autovacuum does soon after: statistics of the full table. The foreign key checks of the servers and
  // parameters inserted next, on this connection, keep a plan made while the seed's few clients were all there was:
  // a scan of the clients per inserted row (67,000 servers over 100,000 clients ran for minutes). ANALYZE replans them.
  await db.execute(sql`analyze empresas`);
}

/** One server for each client `donde` picks (`e` is the client): an address and versions derived from its id. */
export const insertServidores = (donde: SQL) => sql`
  insert into servidores_cliente (empresa_id, nombre, hostname, ip, puerto, so, motor_bd, version_physis)
  select e.id, 'SRV-' || e.id, 'srv' || e.id || '.cliente.local', '10.' || (e.id / 65536) % 256 || '.' || (e.id / 256) % 256 || '.' || e.id % 256, 1433,
         'Windows Server 2019', 'SQL Server 2019', '8.' || (e.id % 7) || '.' || (e.id % 13)
  from empresas e where ${donde}`;

/** `porCliente` parameters for each client `donde` picks (`e`), in five groups; the tenth is a sealed secret. */
export const insertParametros = (donde: SQL, porCliente: number) => sql`
  insert into parametros (empresa_id, grupo, clave, tipo, valor, valor_cifrado)
  select e.id, (array['General', 'Rutas', 'AFIP', 'Base de datos', 'Correo'])[1 + g % 5], 'clave.' || g,
         case when g = 10 then 'secreto' else 'texto' end,
         case when g = 10 then null else 'valor ' || g end,
         case when g = 10 then 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA' else null end
  from empresas e cross join generate_series(1, ${porCliente}) g
  where ${donde}`;

/**
 * Migrates and seeds the demo data, then 100,000 clients with valid CUITs (check digit computed in SQL), one
 * server each and 1,000,000 parameters, all with generate_series.
 */
export async function fill(target: Target): Promise<void> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    await migrate(database.db);
    await seed(database.db, { adminPassword: ADMIN_PASSWORD, demoPassword: ADMIN_PASSWORD, dataDir: target.dataDir });
    await insertClientes(database.db, CLIENTES);
    await database.db.execute(insertServidores(sql`e.razon_social like '% S.A.' and e.cuit like '3010%'`));
    await database.db.execute(insertParametros(sql`e.cuit like '3010%'`, PARAMETROS_POR_CLIENTE));
    // What autovacuum does soon after a bulk load: statistics, visibility map, the GIN pending list merged.
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

/**
 * The client list over 100k clients and 1M parameters against the trivial route, at 50 connections, through
 * the real server: search by razón social, by a whole CUIT (with dashes) and by part of one, the first page, and
 * one client's parameters (targets as for the servers list: ≥ 40 % of the trivial route's requests/s, p99 ≤ 50 ms,
 * search ≤ 10 ms of server time).
 */
export async function clientes(): Promise<void> {
  const target = await chooseTarget();
  let child: ChildProcess | undefined;
  try {
    console.log(
      `Base de datos: ${target.label}; cargando ${CLIENTES} clientes y ${CLIENTES * PARAMETROS_POR_CLIENTE} parámetros...`,
    );
    const t0 = Date.now();
    await fill(target);
    console.log(`Carga: ${Math.round((Date.now() - t0) / 1000)} s`);
    const server = await startServer(target);
    child = server.child;
    const headers = await adminHeaders(server.url);

    const total = (
      (await (await fetch(`${server.url}/api/empresas?size=1`, { headers })).json()) as {
        datos: { total: number; items: { id: number; cuit: string }[] };
      }
    ).datos;
    const muestra = (
      (await (await fetch(`${server.url}/api/empresas?page=2000&size=25`, { headers })).json()) as {
        datos: { items: { id: number; cuit: string }[] };
      }
    ).datos.items[0]!;
    const cuit = `${muestra.cuit.slice(0, 2)}-${muestra.cuit.slice(2, 10)}-${muestra.cuit.slice(10)}`;
    const parteCuit = muestra.cuit.slice(2, 9);
    console.log(`Clientes: ${total.total}; CUIT buscado ${cuit}; parte de CUIT ${parteCuit}`);

    const urls = {
      [`GET /api/empresas?q=${RAZON}`]: `${server.url}/api/empresas?q=${encodeURIComponent(RAZON)}`,
      [`GET /api/empresas?q=${cuit} (CUIT completo)`]: `${server.url}/api/empresas?q=${encodeURIComponent(cuit)}`,
      [`GET /api/empresas?q=${parteCuit} (parte de un CUIT)`]: `${server.url}/api/empresas?q=${parteCuit}`,
      'GET /api/empresas (primera página)': `${server.url}/api/empresas`,
      'GET /api/empresas/:id/parametros': `${server.url}/api/empresas/${muestra.id}/parametros`,
    };
    for (const [name, url] of Object.entries(urls)) {
      const res = (await (await fetch(url, { headers })).json()) as { datos: { total?: number; length?: number } };
      console.log(`${name}: ${res.datos.total ?? (res.datos as unknown as unknown[]).length} filas`);
    }

    const trivial = await load(`${server.url}/api/estado`, {});
    figure('GET /api/estado (trivial): solicitudes/s', Math.round(trivial.rps), 'sol/s');
    figure('GET /api/estado: p99', trivial.p99, 'ms');
    for (const [name, url] of Object.entries(urls)) {
      listFigures(name, await load(url, headers), trivial);
    }

    // Read from the database, not the read cache.
    const first = Object.entries(urls)[0]!;
    const miss = await load(first[1], { ...headers, ...NO_CACHE });
    figure(`${first[0]}, leída de la base (no-cache): solicitudes/s`, Math.round(miss.rps), 'sol/s');
    figure(`${first[0]}, leída de la base (no-cache): p99`, miss.p99, 'ms');

    for (const [name, url] of Object.entries(urls).slice(0, 3)) {
      const durations = await serverTimes(url, headers, 200);
      figure(`${name}: tiempo de servidor, mediana`, percentile(durations, 50), 'ms', { max: 10 });
      figure(`${name}: tiempo de servidor, p99`, percentile(durations, 99), 'ms', { max: 10 });
    }
  } finally {
    await stopServer(child);
    await target.drop();
  }
}
