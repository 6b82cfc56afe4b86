import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics, in Prometheus' text format at `GET /metrics` (prom-client). One registry per process:
 * the areas and the shared plugins count into it, and what lives elsewhere (the database's pool, the job
 * queue) is read when the metrics are asked for, through `leerAlPedir`.
 */
export const registro = new Registry();
collectDefaultMetrics({ register: registro, prefix: 'intranet_' });

/**
 * prom-client's defaults name three gauges `…_total`, a suffix Prometheus keeps for counters (promtool refuses them):
 * each is taken out and read again under `…_all`, the same number.
 */
const activeTotals = {
  handles: 'Handles de libuv activos, en total',
  requests: 'Solicitudes de libuv activas, en total',
  resources: 'Recursos activos del proceso, en total',
} as const;
for (const [kind, help] of Object.entries(activeTotals)) {
  const name = `intranet_nodejs_active_${kind}_total`;
  const original = registro.getSingleMetric(name);
  if (!original) continue;
  registro.removeSingleMetric(name);
  new Gauge({
    name: `intranet_nodejs_active_${kind}_all`,
    help,
    registers: [registro],
    async collect() {
      this.set((await original.get()).values[0]?.value ?? 0);
    },
  });
}

/** Seconds each API call took, by method, route (its pattern, not the address) and status. */
export const duracionSolicitudes = new Histogram({
  name: 'intranet_http_request_duration_seconds',
  help: 'Duración de las solicitudes HTTP por método, ruta y código de estado',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registro],
});

/** Answers by status code. */
export const respuestas = new Counter({
  name: 'intranet_http_responses_total',
  help: 'Respuestas HTTP por código de estado',
  labelNames: ['status'] as const,
  registers: [registro],
});

/** Error-monitor events: taken, refused (bad key, bad body) or turned away by a rate limit. */
export const eventosIntake = new Counter({
  name: 'intranet_intake_events_total',
  help: 'Eventos del monitor de errores recibidos, por resultado (aceptado, rechazado, limitado)',
  labelNames: ['resultado'] as const,
  registers: [registro],
});

/** Bytes of the monitor's large envelopes (those with attachments) being read or handled at once. */
export const envelopesGrandes = new Gauge({
  name: 'intranet_intake_large_body_bytes',
  help: 'Bytes de envelopes grandes (con adjuntos) que el monitor de errores lee a la vez',
  registers: [registro],
});

/** Events per batch the intake writes in one statement. */
export const lotesIntake = new Histogram({
  name: 'intranet_intake_batch_size',
  help: 'Eventos por lote que el monitor de errores escribe de una vez',
  buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500],
  registers: [registro],
});

/** Reads of cacheable lists: answered from memory (hit) or from the database (miss). */
export const lecturasCache = new Counter({
  name: 'intranet_cache_reads_total',
  help: 'Lecturas que admiten la caché, por resultado (hit, miss)',
  labelNames: ['resultado'] as const,
  registers: [registro],
});

new Gauge({
  name: 'intranet_cache_hit_ratio',
  help: 'Proporción de lecturas respondidas desde la caché desde que arrancó el proceso',
  registers: [registro],
  async collect() {
    const valores = (await lecturasCache.get()).values;
    const de = (resultado: string) => valores.find((v) => v.labels.resultado === resultado)?.value ?? 0;
    const total = de('hit') + de('miss');
    this.set(total === 0 ? 0 : de('hit') / total);
  },
});

/** Wrong passwords, codes and tokens (by how they came), and the lockouts they started. */
export const ingresosFallidos = new Counter({
  name: 'intranet_login_failures_total',
  help: 'Ingresos fallidos (contraseña, directorio, segundo factor o token incorrectos)',
  registers: [registro],
});
export const bloqueosIngreso = new Counter({
  name: 'intranet_login_lockouts_total',
  help: 'Bloqueos de ingreso que empezaron (por usuario y dirección, por dirección o por usuario)',
  labelNames: ['limite'] as const,
  registers: [registro],
});
/** Session renewals by their result: ok, rechazada (no live family), reuso (a used value again: the family ends). */
export const renovacionesSesion = new Counter({
  name: 'intranet_session_renewals_total',
  help: 'Renovaciones de sesión por resultado (ok, rechazada, reuso: un valor ya usado, que cierra la sesión del navegador)',
  labelNames: ['resultado'] as const,
  registers: [registro],
});

/** Scheduled runs that failed (each attempt). */
export const tareasFallidas = new Counter({
  name: 'intranet_jobs_failed_total',
  help: 'Ejecuciones de tareas programadas que fallaron, por tarea',
  labelNames: ['tarea'] as const,
  registers: [registro],
});

/** What the pool and the job queue hold right now: read when the metrics are asked for. */
export interface Lecturas {
  /** The database's connections (PostgreSQL's pool; PGlite has one, in the process). */
  conexiones?: () => { total: number; libres: number; enEspera: number };
  /** Runs waiting in the job queue, by job. */
  cola?: () => Promise<Record<string, number>>;
}

const lecturas: Lecturas = {};

/** main.ts hands over the readers of the process's pool and queue (tests may leave them out). */
export function leerAlPedir(nuevas: Lecturas): void {
  Object.assign(lecturas, nuevas);
}

new Gauge({
  name: 'intranet_db_pool_connections',
  help: 'Conexiones a la base de datos: abiertas, libres y consultas esperando una',
  labelNames: ['estado'] as const,
  registers: [registro],
  collect() {
    this.reset();
    const c = lecturas.conexiones?.();
    if (!c) return;
    this.set({ estado: 'abiertas' }, c.total);
    this.set({ estado: 'libres' }, c.libres);
    this.set({ estado: 'en_espera' }, c.enEspera);
  },
});

new Gauge({
  name: 'intranet_jobs_queue_depth',
  help: 'Ejecuciones de tareas programadas esperando en la cola, por tarea',
  labelNames: ['tarea'] as const,
  registers: [registro],
  async collect() {
    this.reset();
    // A queue that cannot be read now (the database is down) leaves the gauge empty rather than failing the page.
    const cola = await lecturas.cola?.().catch(() => undefined);
    for (const [tarea, n] of Object.entries(cola ?? {})) this.set({ tarea }, n);
  },
});
