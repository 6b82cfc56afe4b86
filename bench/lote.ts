import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed.ts';
import { ADMIN_PASSWORD, adminHeaders, chooseTarget, startServer, stopServer } from './api-list.ts';
import { figure } from './report.ts';

const FILAS = Number(process.env.BENCH_FILAS ?? 2000);
/** Each row goes through its area's own edit or delete in its own transaction: this is what one row may cost. */
const MS_POR_FILA = 20;

/** One bulk action through the built server, timed; it must apply to every row. */
async function accion(url: string, headers: Record<string, string>, cuerpo: object): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/maquinas/lote`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(cuerpo),
  });
  const ms = performance.now() - t0;
  const { datos, error } = (await res.json()) as {
    error: string | null;
    datos: { hechos: number[]; rechazados: unknown[] } | null;
  };
  if (!res.ok || !datos) throw new Error(`lote: ${res.status} ${error}`);
  if (datos.hechos.length !== FILAS || datos.rechazados.length > 0)
    throw new Error(`lote: ${datos.hechos.length} hechos, ${datos.rechazados.length} rechazados`);
  return ms;
}

/**
 * Bulk actions over "all that match" on BENCH_FILAS machines (2,000), through the built server on the
 * local PostgreSQL (PGlite when it does not answer): a state set on every row, the selection's CSV, then every
 * row deleted; each one request, each row through the machine's own edit or delete with its audit row.
 */
export async function lote(): Promise<void> {
  const target = await chooseTarget();
  let child: ChildProcess | undefined;
  try {
    const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      await migrate(database.db);
      await seed(database.db, { adminPassword: ADMIN_PASSWORD, demoPassword: ADMIN_PASSWORD, dataDir: target.dataDir });
      await database.db.execute(sql`
        insert into maquinas (nombre, tipo, ubicacion, estado)
        select 'BENCHLOTE-' || lpad(g::text, 6, '0'), 'pc', 'Depósito', 'disponible' from generate_series(1, ${FILAS}) g`);
      await database.db.execute(sql`analyze maquinas`);
    } finally {
      await database.close();
    }
    console.log(`${target.label}; ${FILAS} máquinas que coinciden con el filtro`);
    const server = await startServer(target);
    child = server.child;
    const headers = await adminHeaders(server.url);
    const filtro = { q: 'BENCHLOTE' };

    const cambiar = await accion(server.url, headers, {
      seleccion: { filtro },
      accion: 'cambiar',
      cambio: { campo: 'estado', valor: 'reparacion' },
    });
    const t0 = performance.now();
    const csv = await fetch(`${server.url}/api/maquinas/lote/export.csv`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ seleccion: { filtro } }),
    });
    const lineas = (await csv.text()).trim().split('\n').length - 1;
    const exportar = performance.now() - t0;
    if (lineas !== FILAS) throw new Error(`la exportación tiene ${lineas} filas de ${FILAS}`);
    const eliminar = await accion(server.url, headers, { seleccion: { filtro }, accion: 'eliminar' });

    figure(`Cambiar el estado de ${FILAS} máquinas (una solicitud)`, cambiar / 1000, 's');
    figure('Cambiar: por fila (edición y auditoría)', cambiar / FILAS, 'ms', { max: MS_POR_FILA });
    figure(`Exportar la selección (${FILAS} filas)`, exportar, 'ms');
    figure(`Eliminar ${FILAS} máquinas (una solicitud)`, eliminar / 1000, 's');
    figure('Eliminar: por fila (baja y auditoría)', eliminar / FILAS, 'ms', { max: MS_POR_FILA });
  } finally {
    await stopServer(child);
    await target.drop();
  }
}
