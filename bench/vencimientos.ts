import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  adminHeaders,
  chooseTarget,
  listFigures,
  load,
  percentile,
  serverTimes,
  startServer,
  stopServer,
  type Target,
} from './api-list.ts';
import { fill as fillClientes } from './clientes.ts';
import { figure } from './report.ts';

/**
 * The clients of the clientes bench (100k, 1M parameters), then for every client a production certificate and
 * a licence, a homologation certificate for one in two and a CAI point of sale for one in ten, their expiries
 * spread over three years around today (about 250k rows in the AFIP grid, 100k in the Physis one).
 */
export async function fill(target: Target): Promise<void> {
  await fillClientes(target);
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const hoy = sql`(now() at time zone 'America/Argentina/Buenos_Aires')::date`;
    await database.db.execute(sql`
      insert into afip_certificados (empresa_id, cuit, alias, cn, ambiente, servicios, emitido, vence, serial, huella)
      select e.id, e.cuit, 'Facturación', 'cn-' || e.id, a.ambiente, array['wsfe'], ${hoy} - 700, ${hoy} + ((e.id * 7919 + a.n) % 1100 - 365),
             md5(e.id::text || a.ambiente), md5(a.ambiente || e.id::text)
      from empresas e cross join (values ('produccion', 0), ('homologacion', 1)) a(ambiente, n)
      where a.n = 0 or e.id % 2 = 0`);
    await database.db.execute(sql`
      insert into afip_puntos_venta (empresa_id, numero, modalidad, cai_vence)
      select id, 2, 'cai', ${hoy} + (id * 31 % 700 - 200) from empresas where id % 10 = 0`);
    await database.db.execute(sql`
      insert into physis_licencias (empresa_id, producto_id, tipo, usuarios, inicio, vence)
      select e.id, (select id from productos where codigo = 'PHY-ERP'), 'anual', 1 + e.id % 40, ${hoy} - 300, ${hoy} + ((e.id::bigint * 104729) % 1000 - 300)::int
      from empresas e`);
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

/**
 * Both expiry grids' first page (default sort by due date), a quick filter, and the client list's first page
 * (which shows each client's next expiry) over 100k clients, against the trivial route at 50 connections.
 */
export async function vencimientos(): Promise<void> {
  const target = await chooseTarget();
  let child: ChildProcess | undefined;
  try {
    console.log(`Base de datos: ${target.label}; cargando clientes, certificados y licencias...`);
    const t0 = Date.now();
    await fill(target);
    console.log(`Carga: ${Math.round((Date.now() - t0) / 1000)} s`);
    const server = await startServer(target);
    child = server.child;
    const headers = await adminHeaders(server.url);
    const urls = {
      'GET /api/vencimientos/afip/lista (primera página)': `${server.url}/api/vencimientos/afip/lista`,
      'GET /api/vencimientos/physis/lista (primera página)': `${server.url}/api/vencimientos/physis/lista`,
      'GET /api/vencimientos/afip/lista?plazo=30': `${server.url}/api/vencimientos/afip/lista?plazo=30`,
      'GET /api/empresas (primera página, con el próximo vencimiento)': `${server.url}/api/empresas`,
    };
    for (const [name, url] of Object.entries(urls)) {
      const res = (await (await fetch(url, { headers })).json()) as { datos: { total: number } };
      console.log(`${name}: ${res.datos.total} filas`);
    }
    const trivial = await load(`${server.url}/api/estado`, {});
    figure('GET /api/estado (trivial): solicitudes/s', Math.round(trivial.rps), 'sol/s');
    figure('GET /api/estado: p99', trivial.p99, 'ms');
    for (const [name, url] of Object.entries(urls)) {
      listFigures(name, await load(url, headers), trivial);
      // Server time read from the database, not the read cache.
      const durations = await serverTimes(url, headers, 100);
      figure(`${name}: tiempo de servidor, mediana`, percentile(durations, 50), 'ms');
    }
  } finally {
    await stopServer(child);
    await target.drop();
  }
}
