import type { ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { adminHeaders, chooseTarget, fill, startServer, stopServer, type Target } from './api-list.ts';
import { cpuSeconds, KEY, plantillas, postgresCpuSeconds } from './intake.ts';
import { figure } from './report.ts';

// Scale-out: the error monitor's intake and a cached list with one server process, then with two on the same
// PostgreSQL, in one run. The load is split evenly between the processes (as a proxy would); the generator runs
// in this process, on the same two cores. Targets: two processes serve at least as much as one (≥ 90 %, noise
// allowed) and every accepted event is stored.

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const LISTA = '/api/dns?sort=host&size=25';

interface Medida {
  /** Answered 2xx per second. */
  porSegundo: number;
  p99: number;
  errores: number;
  /** Answers other than 2xx by status, and connection errors ('error'). */
  otras: Record<string, number>;
  /** CPU seconds per second of the load, by who spent them (a core is 1). */
  cpu: { servidores: number; postgres: number; generador: number };
}

async function proyectoDeCarga(target: Target): Promise<number> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const { rows } = await database.db.execute<{ id: number }>(sql`
      insert into insights_proyectos (nombre, slug, plataforma, public_key, limite_por_minuto)
      values ('Escala', 'escala', 'node', ${KEY}, 1000000) returning id`);
    return Number(rows[0]!.id);
  } finally {
    await database.close();
  }
}

/** The same load, split over the processes' URLs, for SECONDS; CPU measured over the same span. */
async function medir(
  urls: string[],
  pids: number[],
  opciones: (url: string, connections: number) => autocannon.Options,
): Promise<Medida> {
  const cpu0 = {
    servidores: pids.reduce((s, p) => s + cpuSeconds(p), 0),
    postgres: postgresCpuSeconds(),
    generador: process.cpuUsage(),
  };
  const resultados = await Promise.all(
    urls.map((url) => autocannon({ ...opciones(url, CONNECTIONS / urls.length), duration: SECONDS })),
  );
  const generador = process.cpuUsage(cpu0.generador);
  const cpu = {
    servidores: (pids.reduce((s, p) => s + cpuSeconds(p), 0) - cpu0.servidores) / SECONDS,
    postgres: (postgresCpuSeconds() - cpu0.postgres) / SECONDS,
    generador: (generador.user + generador.system) / 1e6 / SECONDS,
  };
  return {
    porSegundo: resultados.reduce((s, r) => s + r['2xx'], 0) / SECONDS,
    p99: Math.max(...resultados.map((r) => r.latency.p99)),
    errores: resultados.reduce((s, r) => s + r.non2xx + r.errors, 0),
    otras: otrasRespuestas(resultados),
    cpu,
  };
}

function otrasRespuestas(resultados: autocannon.Result[]): Record<string, number> {
  const otras: Record<string, number> = {};
  for (const r of resultados) {
    for (const [codigo, { count }] of Object.entries(r.statusCodeStats ?? {}))
      if (!codigo.startsWith('2')) otras[codigo] = (otras[codigo] ?? 0) + (count ?? 0);
    if (r.errors > 0) otras.error = (otras.error ?? 0) + r.errors;
  }
  return otras;
}

const centesimas = (n: number) => Math.round(n * 100) / 100;

function informe(nombre: string, unidad: string, uno: Medida, dos: Medida): void {
  figure(`${nombre}, 1 proceso`, Math.round(uno.porSegundo), unidad);
  figure(`${nombre}, 2 procesos`, Math.round(dos.porSegundo), unidad);
  figure(`${nombre}: 2 procesos sobre 1`, Math.round((dos.porSegundo / uno.porSegundo) * 100), '%', { min: 90 });
  figure(`${nombre}: p99 con 1 / 2 procesos`, uno.p99, `ms / ${dos.p99} ms`);
  for (const [n, m] of [
    [1, uno],
    [2, dos],
  ] as const) {
    if (m.errores > 0)
      console.log(
        `  con ${n} proceso(s), respuestas sin éxito: ${Object.entries(m.otras)
          .map(([c, k]) => `${k} × ${c}`)
          .join(', ')}`,
      );
  }
  for (const [n, m] of [
    [1, uno],
    [2, dos],
  ] as const) {
    const total = m.cpu.servidores + m.cpu.postgres + m.cpu.generador;
    console.log(
      `  CPU con ${n} proceso(s), en núcleos: servidor(es) ${centesimas(m.cpu.servidores)}, PostgreSQL ${centesimas(m.cpu.postgres)}, ` +
        `generador de carga ${centesimas(m.cpu.generador)}; en total ${centesimas(total)} de ${availableParallelism()}`,
    );
  }
}

export async function escala(): Promise<void> {
  const target = await chooseTarget();
  if (!target.databaseUrl) {
    console.log(
      'Este benchmark necesita PostgreSQL (BENCH_DATABASE_URL o postgres://postgres@127.0.0.1:5432): varios procesos comparten una base PostgreSQL.',
    );
    await target.drop();
    return;
  }
  const procesos: ChildProcess[] = [];
  try {
    await fill(target);
    const proyectoId = await proyectoDeCarga(target);
    const uno = await startServer(target);
    procesos.push(uno.child);
    const headers = await adminHeaders(uno.url);
    const bodies = plantillas();
    let n = 0;
    const intake = (url: string, connections: number): autocannon.Options => ({
      url,
      connections,
      requests: [
        {
          method: 'POST',
          path: `/api/${proyectoId}/envelope/?sentry_key=${KEY}`,
          headers: { 'content-type': 'application/x-sentry-envelope' },
          setupRequest: (req) => {
            n += 1;
            const b = bodies[n % bodies.length]!;
            return { ...req, body: b.antes + n.toString(16).padStart(32, '0') + b.despues };
          },
        },
      ],
    });
    const lista = (url: string, connections: number): autocannon.Options => ({
      url: `${url}${LISTA}`,
      connections,
      headers,
    });
    console.log(
      `Base de datos: ${target.label}; ${CONNECTIONS} conexiones repartidas entre los procesos, ${SECONDS} s por medida`,
    );

    const intake1 = await medir([uno.url], [uno.child.pid!], intake);
    const lista1 = await medir([uno.url], [uno.child.pid!], lista);
    const dos = await startServer(target);
    procesos.push(dos.child);
    const urls = [uno.url, dos.url];
    const pids = [uno.child.pid!, dos.child.pid!];
    const intake2 = await medir(urls, pids, intake);
    const lista2 = await medir(urls, pids, lista);

    informe('Intake del monitor', 'eventos/s', intake1, intake2);
    informe('Lista de DNS guardada en memoria', 'sol/s', lista1, lista2);

    const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      // Calls still in flight when a load stops commit a moment later.
      await new Promise((r) => setTimeout(r, 2000));
      const { rows } = await database.db.execute<{ n: string }>(
        sql`select count(*) as n from insights_eventos where proyecto_id = ${proyectoId}`,
      );
      const aceptados = Math.round((intake1.porSegundo + intake2.porSegundo) * SECONDS);
      figure('Eventos aceptados y no guardados', Math.max(0, aceptados - Number(rows[0]!.n)), 'eventos', { max: 0 });
    } finally {
      await database.close();
    }
  } finally {
    for (const p of procesos) await stopServer(p);
    await target.drop();
  }
}
