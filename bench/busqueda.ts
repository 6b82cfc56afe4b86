import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed.ts';
import {
  ADMIN_PASSWORD,
  adminHeaders,
  chooseTarget,
  percentile,
  serverTimes,
  startServer,
  stopServer,
  type Target,
} from './api-list.ts';
import { insertClientes } from './clientes.ts';
import { figure } from './report.ts';

const FILAS = 100_000;
const DOC = sql.raw(`'{"type":"doc","content":[{"type":"paragraph"}]}'::jsonb`);

/** Migrates, seeds the demo data, then 100,000 rows in every kind the palette searches, all with generate_series. */
async function fill(target: Target): Promise<void> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  const db = database.db;
  const palabra = (g: string) =>
    sql.raw(`(array['andina', 'litoral', 'pampa', 'cuyo', 'norte', 'delta', 'sierra'])[1 + ${g} % 7]`);
  try {
    await migrate(db);
    await seed(db, { adminPassword: ADMIN_PASSWORD, demoPassword: ADMIN_PASSWORD, dataDir: target.dataDir });
    await insertClientes(db, FILAS);
    await db.execute(sql`insert into servidores (nombre, hostname, proveedor, rol)
      select 'srv-' || ${palabra('g')} || '-' || g, 'host' || g || '.bench.local', 'AWS', 'Carga' from generate_series(1, ${FILAS}) g`);
    await db.execute(sql`insert into dns (servidor_id, host)
      select s.id, ${palabra('s.id')} || s.id || '.bench.com.ar' from servidores s where s.nombre like 'srv-%-%'`);
    await db.execute(sql`insert into personas (nombre, apellido, email, legajo)
      select 'Nombre' || g, 'Apellido ' || ${palabra('g')} || ' ' || g, 'persona' || g || '@bench.local', 'B' || g from generate_series(1, ${FILAS}) g`);
    await db.execute(sql`insert into maquinas (nombre, tipo, nro_inventario, serie)
      select 'NB-' || ${palabra('g')} || '-' || g, 'notebook', 'INV-' || g, 'SN' || g from generate_series(1, ${FILAS}) g`);
    await db.execute(sql`insert into productos (codigo, nombre, tipo, descripcion)
      select 'P' || g, 'Producto ' || ${palabra('g')} || ' ' || g, 'web', ${DOC} from generate_series(1, ${FILAS}) g`);
    await db.execute(sql`insert into aplicaciones (package_name, nombre, descripcion)
      select 'com.bench.' || ${palabra('g')} || g, 'App ' || ${palabra('g')} || ' ' || g, ${DOC} from generate_series(1, ${FILAS}) g`);
    await db.execute(sql`insert into sitios (nombre, url)
      select 'Sitio ' || ${palabra('g')} || ' ' || g, 'https://sitio' || g || '.bench.com.ar' from generate_series(1, ${FILAS}) g`);
    await db.execute(sql`insert into versiones (producto_id, numero, orden, canal, notas)
      select p.id, '9.' || (g / 1000) || '.' || (g % 1000), lpad(g::text, 12, '0'), 'estable', ${DOC}
      from generate_series(1, ${FILAS}) g join productos p on p.codigo = 'P' || (1 + g % 500)`);
    await db.execute(sql`insert into paquetes (nombre, producto, version)
      select 'Setup-' || ${palabra('g')} || '-' || g || '.exe', 'Physis', '9.' || g from generate_series(1, ${FILAS}) g`);
    await db.execute(sql`insert into desarrollos (titulo, producto_id, descripcion)
      select 'Pedido ' || ${palabra('g')} || ' ' || g, (select min(id) from productos), ${DOC} from generate_series(1, ${FILAS}) g`);
    await db.execute(sql`insert into insights_issues (proyecto_id, huella, titulo, culprit, nivel, fingerprint, primera_vez, ultima_vez)
      select (select min(id) from insights_proyectos), 'bench-' || g, 'TypeError ' || ${palabra('g')} || ' ' || g, 'modulo' || g || '.js', 'error', '[]'::jsonb, now(), now()
      from generate_series(1, ${FILAS}) g`);
    await db.execute(sql`insert into insights_issue_busqueda (issue_id, texto)
      select id, titulo || ' ' || culprit from insights_issues where huella like 'bench-%' on conflict do nothing`);
    // What autovacuum does soon after a bulk load: statistics, visibility map, the GIN pending lists merged.
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

/**
 * The command palette's search over 100,000 rows in each of its twelve kinds, through the real
 * server as admin (every kind asked): a rare text, a common word that matches a seventh of every kind, a
 * number, and one kind named. Target: ≤ 50 ms of server time at the median and p95, read from the database.
 */
export async function busqueda(): Promise<void> {
  const target = await chooseTarget();
  let child: ChildProcess | undefined;
  try {
    console.log(`Base de datos: ${target.label}; cargando ${FILAS} filas en cada tipo que busca la paleta...`);
    const t0 = Date.now();
    await fill(target);
    console.log(`Carga: ${Math.round((Date.now() - t0) / 1000)} s`);
    const server = await startServer(target);
    child = server.child;
    const headers = await adminHeaders(server.url);
    const consultas = {
      'un texto raro (andina 4567)': 'q=andina%204567',
      'una palabra común (litoral: 1 de cada 7 filas)': 'q=litoral',
      'un número (73219)': 'q=73219',
      'un tipo nombrado (tipos=clientes, cuyo)': 'q=cuyo&tipos=clientes',
    };
    for (const [nombre, query] of Object.entries(consultas)) {
      const url = `${server.url}/api/busqueda?${query}`;
      const answer = (await (await fetch(url, { headers })).json()) as {
        datos: { resultados: { tipo: string }[]; tipos: string[] };
      };
      console.log(
        `${nombre}: ${answer.datos.resultados.length} resultados de ${new Set(answer.datos.resultados.map((r) => r.tipo)).size} tipos (${answer.datos.tipos.length} consultados)`,
      );
      const durations = await serverTimes(url, headers, 100);
      figure(`GET /api/busqueda, ${nombre}: tiempo de servidor, mediana`, percentile(durations, 50), 'ms', { max: 50 });
      figure(`GET /api/busqueda, ${nombre}: tiempo de servidor, p95`, percentile(durations, 95), 'ms', { max: 50 });
    }
  } finally {
    await stopServer(child);
    await target.drop();
  }
}
