import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Client } from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed.ts';
import { ADMIN_PASSWORD } from './api-list.ts';
import { certificadosDelBench, guardadosDeUnaVez, licenciasDelBench, sinGuardados } from './clientes-millon.ts';
import { insertClientes, insertServidores } from './clientes.ts';
import { adminDePostgres, baseAlDia, baseGuardada } from './postgres.ts';
import { figure } from './report.ts';

/**
 * The bench's own kept database: 200,000 clients with two servers each, a certificate and a half and a licence
 * each; every figure changes or deletes 100,000 of one kind's rows spread over 100,000 clients.
 */
const BASE = 'intranet_bench_recuentos';
const CLIENTES = 200_000;
/** A statement still running after this long is cancelled (the old per-client recounts could take many minutes). */
const TOPE = Number(process.env.BENCH_RECUENTOS_TOPE ?? 300);

const DEL_BENCH = sql`nombre_fantasia like 'Fantasía %'`;

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
    await insertClientes(database.db, CLIENTES);
    // Loaded as clientes-millon loads: the kept data's triggers off, then made once over all the rows.
    await sinGuardados(paso);
    await paso('servidores', insertServidores(sql`e.${DEL_BENCH}`));
    await paso(
      'servidores, segundos',
      sql`
      insert into servidores_cliente (empresa_id, nombre, version_physis)
      select e.id, 'SRV-' || e.id || '-b', '8.' || (e.id % 5) from empresas e where e.${DEL_BENCH}`,
    );
    await paso('certificados AFIP', certificadosDelBench);
    await paso('licencias Physis', licenciasDelBench);
    await guardadosDeUnaVez(database.db, paso);
    await paso('vacuum analyze', sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

/**
 * Clients whose kept columns differ from a recount over the whole tables, and grid rows that differ from their
 * items (missing, left over, or with another client or date): both 0 when the triggers kept everything exact.
 */
const DISTINTOS = `
  select
    (select count(*)::int from empresas e
       left join (select empresa_id, count(*)::int as n, max(string_to_array(version_physis, '.')::int[]) as orden
                    from servidores_cliente group by empresa_id) s on s.empresa_id = e.id
       left join (select empresa_id, min(vence) as vence from vencimientos group by empresa_id) v on v.empresa_id = e.id
      where (e.servidores_count, e.version_physis_orden, e.version_physis, e.proximo_vencimiento)
            is distinct from (coalesce(s.n, 0), coalesce(s.orden, '{}'), array_to_string(s.orden, '.'), v.vence)) as clientes,
    (select count(*)::int from (
       (select id, empresa_id, vence from vencimientos where tipo in ('certificado', 'licencia')
         except all
        (select id * 4 + 1, empresa_id, vence from afip_certificados where reemplazado_por is null
         union all
         select id * 4 + 3, empresa_id, vence from physis_licencias where vence is not null and baja is null))
       union all
       ((select id * 4 + 1, empresa_id, vence from afip_certificados where reemplazado_por is null
         union all
         select id * 4 + 3, empresa_id, vence from physis_licencias where vence is not null and baja is null)
         except all
        select id, empresa_id, vence from vencimientos where tipo in ('certificado', 'licencia'))) d) as grilla`;

/** The statements measured: each touches 100,000 rows (a quarter of the servers, a third of the items), spread. */
const SENTENCIAS: [nombre: string, sentencia: string][] = [
  [
    'servidores: cambiar la versión Physis de 100.000 (una sentencia)',
    `update servidores_cliente set version_physis = '9.' || (id % 5) where nombre like 'SRV-%' and id % 4 = 0`,
  ],
  [
    'servidores: cambiar el nombre de 100.000, sin cambiar cliente ni versión',
    `update servidores_cliente set nombre = nombre || '-x' where nombre like 'SRV-%' and id % 4 = 1`,
  ],
  ['servidores: borrar 100.000', `delete from servidores_cliente where nombre like 'SRV-%' and id % 4 = 2`],
  [
    'certificados: renovar 100.000 (vence + 365)',
    `update afip_certificados set vence = vence + 365 where cn like 'cn-%' and id % 3 = 0`,
  ],
  ['certificados: borrar 100.000', `delete from afip_certificados where cn like 'cn-%' and id % 3 = 1`],
  [
    'licencias: renovar 100.000 (vence + 365)',
    `update physis_licencias set vence = vence + 365 where empresa_id in (select id from empresas where nombre_fantasia like 'Fantasía %') and id % 2 = 0`,
  ],
  [
    'licencias: borrar 100.000',
    `delete from physis_licencias where empresa_id in (select id from empresas where nombre_fantasia like 'Fantasía %') and id % 2 = 1`,
  ],
];

/** How many rows the statement would touch, to say so beside its time. */
const cuenta = (sentencia: string) =>
  sentencia.startsWith('update')
    ? `select count(*)::int as n from ${sentencia.split(' ')[1]} where ${sentencia.slice(sentencia.indexOf(' where ') + 7)}`
    : `select count(*)::int as n from ${sentencia.split(' ')[2]} where ${sentencia.slice(sentencia.indexOf(' where ') + 7)}`;

async function medir(base: Client, databaseUrl: string, nombre: string, sentencia: string): Promise<void> {
  const filas = (await base.query<{ n: number }>(cuenta(sentencia))).rows[0]!.n;
  await base.query('begin');
  try {
    await base.query(`set local statement_timeout = '${TOPE}s'`);
    const desde = performance.now();
    const cancelada = await base.query(sentencia).then(
      () => false,
      (err: Error & { code?: string }) => {
        if (err.code !== '57014') throw err;
        return true;
      },
    );
    const segundos = (performance.now() - desde) / 1000;
    if (cancelada) {
      figure(`${nombre} (${filas} filas): cancelada a los ${TOPE} s, tarda más`, TOPE, 's', { max: 10 });
      return;
    }
    await base.query('set local statement_timeout = 0');
    const { rows } = await base.query<{ clientes: number; grilla: number }>(DISTINTOS);
    figure(`${nombre} (${filas} filas)`, Math.round(segundos * 10) / 10, 's', { max: 10 });
    const distintos = rows[0]!;
    figure('  clientes cuyos datos guardados difieren de un recuento', distintos.clientes, 'clientes', { max: 0 });
    figure('  filas de las grillas que difieren de sus ítems', distintos.grilla, 'filas', { max: 0 });
  } finally {
    // Every statement measured on the same data: the kept database stays as built.
    await base.query('rollback');
    // The rolled-back rows are dead and their index entries stay: the next statement would meet them where a
    // production server's autovacuum would have removed them (it vacuums a table once a fifth of it is dead). The
    // database is brought back to what that pass leaves, as when the bench opened it.
    await baseAlDia(databaseUrl);
  }
}

/**
 * `npm run bench -- recuentos`: changes and deletes of 100,000 servers, certificates or licences in one statement
 * each, on PostgreSQL (a kept database of 200,000 clients), with the clients' kept data recounted by the triggers
 * (≤ 10 s each) and checked against a recount of the whole tables afterwards. Each is rolled back.
 */
export async function recuentos(): Promise<void> {
  const admin = await adminDePostgres('los recuentos de 100.000 filas');
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-bench-recuentos-'));
  try {
    const databaseUrl = await baseGuardada(admin, {
      nombre: BASE,
      datos: `${CLIENTES}|servidores2|certificados|licencias|v1`,
      descripcion: `${CLIENTES} clientes, ${CLIENTES * 2} servidores, ${CLIENTES * 1.5} certificados, ${CLIENTES} licencias`,
      llenar: (url) => llenar(url, dataDir),
    });
    const { default: pg } = await import('pg');
    const base = new pg.Client({ connectionString: databaseUrl });
    await base.connect();
    try {
      for (const [nombre, sentencia] of SENTENCIAS) await medir(base, databaseUrl, nombre, sentencia);
    } finally {
      await base.end();
    }
  } finally {
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
