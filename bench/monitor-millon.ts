import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminHeaders, NO_CACHE, startServer, stopServer } from './api-list.ts';
import { type Llamada, medirListas, paginaAlcanzable } from './clientes-millon.ts';
import { azar, pagina } from './dns-millon.ts';
import { historiaGuardada } from './intake.ts';
import { adminDePostgres, consultar } from './postgres.ts';

const TAMANO = 25;
const ISSUES = 100_000;
const PAGINAS_FILTRADA = 10_000 / TAMANO;
const ORDENES = ['ultima_vez', 'primera_vez', 'cantidad', 'nivel', 'titulo'].flatMap((c) => [c, `-${c}`]);

/** The history project's issue ids (contiguous) and its id, read from the kept database. */
async function historia(databaseUrl: string): Promise<{ proyecto: number; desde: number; hasta: number }> {
  const [fila] = await consultar<{ proyecto: number; desde: number; hasta: number }>(
    databaseUrl,
    `select p.id as proyecto, min(i.id) as desde, max(i.id) as hasta
     from insights_proyectos p join insights_issues i on i.proyecto_id = p.id where p.slug = 'historico' group by p.id`,
  );
  if (!fila) throw new Error('la base del monitor no tiene el proyecto histórico');
  return fila;
}

/** A broad search (every issue's title, a module's ~2,700) or a narrow one (one issue's number). */
function busqueda(): string {
  const g = 1 + Math.floor(Math.random() * ISSUES);
  return encodeURIComponent(
    azar([
      () => 'comprobante',
      () => `modulo${Math.floor(Math.random() * 37)}/`,
      () => `comprobante ${g}`,
      () => `TypeError ${g}`,
    ])(),
  );
}

/**
 * `npm run bench -- monitor-millon`: the monitor's issue list (100k issues) and an issue's events (10M events
 * in all), read from PostgreSQL over the intake bench's kept database (built once for both): any page, sort
 * and filter, broad and narrow searches, against the floor in the same run (the goals of dns-millon).
 */
export async function monitorMillon(): Promise<void> {
  const admin = await adminDePostgres('el monitor con 10M eventos');
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-bench-monitor-'));
  let servidor: ChildProcess | undefined;
  try {
    const databaseUrl = await historiaGuardada(admin, dataDir);
    const h = await historia(databaseUrl);
    const issue = () => h.desde + Math.floor(Math.random() * (h.hasta - h.desde + 1));
    const server = await startServer({
      databaseUrl,
      dataDir,
      label: 'PostgreSQL (intranet_bench_intake)',
      drop: async () => undefined,
    });
    servidor = server.child;
    const headers = { ...(await adminHeaders(server.url)), ...NO_CACHE };
    const orden = () => `sort=${azar(ORDENES)}&size=${TAMANO}`;
    const llamadas: Llamada[] = [
      // Unfiltered the total stops at 10,000 too ("más de 10.000"): the pager reaches 400 pages by number.
      {
        nombre: 'GET /api/insights/issues, sin filtro, cualquier página y orden',
        meta: 30,
        url: () => `/api/insights/issues?${orden()}&${paginaAlcanzable(PAGINAS_FILTRADA, issue)}`,
      },
      {
        nombre:
          'GET /api/insights/issues, filtrada (estado, nivel, release, environment, proyecto; amplia o angosta), cualquier página y orden',
        meta: 30,
        url: () =>
          `/api/insights/issues?${orden()}&${azar([
            `estado=${azar(['unresolved', 'resolved', 'ignored'])}`,
            `nivel=${azar(['error', 'fatal', 'warning'])}`,
            `release=${encodeURIComponent(`api-clientes@3.${Math.floor(Math.random() * 6)}.0`)}`,
            `environment=${azar(['production', 'staging'])}`,
            `proyecto_id=${h.proyecto}`,
          ])}&${paginaAlcanzable(PAGINAS_FILTRADA, issue, PAGINAS_FILTRADA)}`,
      },
      {
        nombre: 'GET /api/insights/issues?q= (amplia o angosta), primera página',
        meta: 20,
        url: () => `/api/insights/issues?${orden()}&q=${busqueda()}`,
      },
      {
        nombre: 'GET /api/insights/issues/:id/eventos (un issue de 100k, 100 de 10M eventos), cualquier página',
        meta: 30,
        url: () =>
          `/api/insights/issues/${issue()}/eventos?sort=${azar(['fecha', '-fecha'])}&size=${TAMANO}&page=${pagina(4)}`,
      },
    ];
    for (const l of llamadas) {
      const res = await fetch(`${server.url}${l.url()}`, { headers });
      if (!res.ok) throw new Error(`${l.nombre}: ${res.status} ${await res.text()}`);
    }
    // No cached page for context: the issue list is never kept in the read cache (every intake batch writes its
    // table), so the same page at 50 connections measured the database, not a cache (534 requests/s).
    await medirListas('Monitor, 100k issues y 10M eventos', server, headers, llamadas, {
      csv: [{ nombre: 'CSV de los 100k issues', url: '/api/insights/issues/export.csv' }],
    });
  } finally {
    await stopServer(servidor);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
