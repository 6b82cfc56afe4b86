import type { TareaEjecucion, TareasRespuesta } from '@intranet/contract/areas/alertas';
import cronParser from 'cron-parser';
import { desc, eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import { ZONA_HORARIA } from '../core/fechas.ts';
import { tareasFallidas } from '../core/metricas.ts';
import type { Db, SqlCrudo } from '../db/client.ts';
import { tareasEjecuciones } from '../db/schema.ts';

/**
 * A job run on a schedule, on the queue in the portal's own database (pg-boss): with several
 * processes each scheduled run happens once, a run cut off by a restart is retried, and one that keeps failing
 * stops and is shown as failed on Alertas → Tareas. `D` is what the job is given (the areas' deps).
 */
export interface TareaProgramada<D> {
  /** Its queue's name, unique across areas ('alertas-vencimientos'). */
  nombre: string;
  titulo: string;
  descripcion: string;
  /** When it runs: a cron expression in Buenos Aires time (minute precision). */
  cron: (config: Config) => string;
  /** The same in words, for the screen ("Cada 60 minutos"): no variable names, which `ajuste` gives. */
  programacion: (config: Config) => string;
  /** The environment variable that sets it, and its value: help for administrators. */
  ajuste?: (config: Config) => { variable: string; valor: string };
  /** Also run once when the server starts (once for processes starting together). */
  alIniciar?: boolean;
  /** Longest a run may take, in seconds (15 minutes if unset): a run still going then is cut off and retried. */
  limiteSegundos?: number;
  /** Does the work; answers what it did, in Spanish, for the screen. A throw is a failed run. */
  ejecutar: (deps: D, contexto: { manual: boolean }) => Promise<string>;
}

/** A run that failed on its last allowed attempt. */
export interface FalloDefinitivo {
  tarea: string;
  titulo: string;
  error: string;
}

/**
 * Told as each run starts (the monitor's cron check-ins of the portal's own jobs); what it answers is called with
 * the run's outcome once it ends. Neither may delay or fail the run: their errors are dropped.
 */
export type ObservadorTareas<D> = (
  tarea: TareaProgramada<D>,
) => Promise<((resultado: { ok: boolean }) => Promise<void>) | undefined>;

export class TareaDesconocida extends Error {}
export class ProgramadorInactivo extends Error {}
export class TareaYaEnCola extends Error {}

const ESQUEMA = 'pgboss';
/** Two retries after the first attempt, 30 s then 60 s later: a run cut off by a restart is taken up again. */
const REINTENTOS = 2;
const LIMITE_SEGUNDOS = 15 * 60;
/** How often an idle worker polls by default (see OpcionesProgramador.sondeoSegundos). */
const SONDEO_SEGUNDOS = 10;
const EJECUCIONES_MOSTRADAS = 10;
/** The advisory lock under which a process creates the queues (see #unoPorVez). */
const CERROJO_COLAS = 7_201_019;

export interface OpcionesProgramador {
  /**
   * How often a worker looks for new jobs, in seconds (pg-boss polls; at least 0.5). 10 s by default: the jobs
   * are scheduled by the minute, and a run this process queues ("Ejecutar ahora", a start's run) wakes its worker
   * at once. Twelve workers polling every 2 s cost an idle server 1.5 CPU-s a minute on PGlite.
   */
  sondeoSegundos?: number;
  /** Seconds between retries (30 by default, doubling). */
  esperaReintento?: number;
  /** How often the queue looks for runs past their time limit, in seconds (120 by default). */
  mantenimientoSegundos?: number;
  onError?: (err: unknown) => void;
}

/**
 * The scheduler: the areas' jobs (given by the app) and, once started, the pg-boss queue that runs them.
 * Without `iniciar` (the route tests, scripts) the jobs are listed with their past runs but none runs.
 */
export class Programador<D> {
  readonly #db: Db;
  readonly #config: Config;
  readonly #tareas = new Map<string, TareaProgramada<D>>();
  readonly #fallos: ((fallo: FalloDefinitivo) => Promise<void>)[] = [];
  readonly #observadores: ObservadorTareas<D>[] = [];
  #deps: D | undefined;
  #boss: PgBoss | undefined;
  /** Each job's worker in this process (pg-boss' id), woken when this process queues a run of it. */
  readonly #trabajadores = new Map<string, string>();
  /** Runs of this process' workers not finished yet (`enCurso`). */
  #enCurso = 0;

  constructor(db: Db, config: Config) {
    this.#db = db;
    this.#config = config;
  }

  /** The app hands over every area's jobs and what they are given (app.ts). */
  definir(tareas: readonly TareaProgramada<D>[], deps: D): void {
    for (const tarea of tareas) {
      if (this.#tareas.has(tarea.nombre)) throw new Error(`tarea repetida: ${tarea.nombre}`);
      this.#tareas.set(tarea.nombre, tarea);
    }
    this.#deps = deps;
  }

  /** Called with each run that failed for the last time (the alerts tell the admins). */
  alFallar(escucha: (fallo: FalloDefinitivo) => Promise<void>): void {
    this.#fallos.push(escucha);
  }

  /** Called before and after each queued run (the monitor's check-ins of the portal's own jobs). */
  observar(observador: ObservadorTareas<D>): void {
    this.#observadores.push(observador);
  }

  /** Tells the observers a run starts; answers what tells them how it ended. Never throws. */
  async #alEmpezar(tarea: TareaProgramada<D>): Promise<(resultado: { ok: boolean }) => Promise<void>> {
    const finales = await Promise.all(this.#observadores.map((o) => o(tarea).catch(() => undefined)));
    return async (resultado) => {
      await Promise.all(finales.map((f) => f?.(resultado).catch(() => undefined)));
    };
  }

  /** What the jobs are given (the app's areas' deps), once defined. */
  get dependencias(): D | undefined {
    return this.#deps;
  }

  get activo(): boolean {
    return this.#boss !== undefined;
  }

  /**
   * Starts the queue on the database given (its schema `pgboss` is created or updated), schedules and works every job.
   */
  async iniciar(sqlCrudo: SqlCrudo, opciones: OpcionesProgramador = {}): Promise<void> {
    const esperaReintento = opciones.esperaReintento ?? 30;
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => sqlCrudo(text, values) },
      schema: ESQUEMA,
      retryLimit: REINTENTOS,
      retryDelay: esperaReintento,
      retryBackoff: true,
      ...(opciones.mantenimientoSegundos ? { maintenanceIntervalSeconds: opciones.mantenimientoSegundos } : {}),
    });
    boss.on('error', (err) => opciones.onError?.(err));
    await this.#unoPorVez(async () => {
      await boss.start();
      await this.#crearColas(boss, esperaReintento);
    });
    for (const tarea of this.#tareas.values()) {
      const trabajador = await boss.work<{ manual?: boolean }>(
        tarea.nombre,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: opciones.sondeoSegundos ?? SONDEO_SEGUNDOS },
        async (jobs) => {
          this.#enCurso += 1;
          try {
            for (const job of jobs) await this.#correr(tarea, job);
          } finally {
            this.#enCurso -= 1;
          }
        },
      );
      this.#trabajadores.set(tarea.nombre, trabajador);
    }
    this.#boss = boss;
    for (const tarea of this.#tareas.values()) {
      // Processes starting together send it once: one job per minute slot.
      if (tarea.alIniciar && (await boss.send(tarea.nombre, {}, { singletonKey: 'inicio', singletonSeconds: 60 })))
        this.#despertar(tarea.nombre);
    }
  }

  /**
   * Processes starting together on one PostgreSQL would create the queues' tables and schedules at the same time,
   * and PostgreSQL answers such crossed DDL with a deadlock (the process then fails to start): one process at a
   * time, by an advisory lock held in a transaction of its own while the queue's statements run. PGlite is one
   * process's, and its one connection cannot be held aside.
   */
  async #unoPorVez(hacer: () => Promise<void>): Promise<void> {
    if (!this.#config.databaseUrl) return hacer();
    await this.#db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CERROJO_COLAS})`);
      await hacer();
    });
  }

  /** Each job's queue (pg-boss keeps one per name) and its schedule, created or updated. */
  async #crearColas(boss: PgBoss, esperaReintento: number): Promise<void> {
    for (const tarea of this.#tareas.values()) {
      await boss.createQueue(tarea.nombre, {
        name: tarea.nombre,
        // At most one run waiting and one running: a second "Ejecutar ahora" while one waits adds nothing.
        policy: 'stately',
        retryLimit: REINTENTOS,
        retryDelay: esperaReintento,
        retryBackoff: true,
        expireInSeconds: tarea.limiteSegundos ?? LIMITE_SEGUNDOS,
      });
      await boss.schedule(tarea.nombre, tarea.cron(this.#config), {}, { tz: ZONA_HORARIA });
    }
  }

  /**
   * Stops taking jobs, waits up to `espera` ms for the running ones, and lets go of the queue. A run still going
   * after the wait is marked failed in the queue (retried later, in any process) but goes on here until the process
   * ends: see `enCurso`.
   */
  async detener(espera = 10_000): Promise<void> {
    const boss = this.#boss;
    this.#boss = undefined;
    this.#trabajadores.clear();
    await boss?.stop({ graceful: true, wait: true, timeout: espera, close: false });
  }

  /**
   * Runs of this process still going. On shutdown, one that outlived `detener`'s wait still uses the database: once
   * the pool is closed, its next statement fails, and the queue's report of that failure (which pg-boss neither
   * awaits nor catches) would take the process down with a stack trace instead of its own message.
   */
  enCurso(): number {
    return this.#enCurso;
  }

  /** "Ejecutar ahora": queues a run; answers its job id. */
  async ejecutarAhora(nombre: string): Promise<string> {
    if (!this.#tareas.has(nombre)) throw new TareaDesconocida(nombre);
    if (!this.#boss) throw new ProgramadorInactivo(nombre);
    const id = await this.#boss.send(nombre, { manual: true });
    if (!id) throw new TareaYaEnCola(nombre);
    this.#despertar(nombre);
    return id;
  }

  /** Wakes this process' worker of a job just queued here, instead of leaving the run to its next poll. */
  #despertar(nombre: string): void {
    const trabajador = this.#trabajadores.get(nombre);
    if (trabajador) this.#boss?.notifyWorker(trabajador);
  }

  /**
   * Runs a job here and now, outside the queue (a script's or a test's second process): what it does is the
   * same as a queued run's, and answers the same result; it is not written down as a run.
   */
  async ejecutarEnEsteProceso(nombre: string): Promise<string> {
    const tarea = this.#tareas.get(nombre);
    if (!tarea) throw new TareaDesconocida(nombre);
    if (this.#deps === undefined) throw new Error('programador sin tareas definidas');
    return tarea.ejecutar(this.#deps, { manual: true });
  }

  /** Runs waiting in the queue, by job (empty while the queue is not started in this process): for the metrics. */
  async enCola(): Promise<Record<string, number>> {
    const boss = this.#boss;
    if (!boss) return {};
    const cola: Record<string, number> = {};
    for (const nombre of this.#tareas.keys()) cola[nombre] = await boss.getQueueSize(nombre);
    return cola;
  }

  /** Every job with its schedule, next run, waiting runs and latest runs (Alertas → Tareas). */
  async estado(ahora = new Date()): Promise<Omit<TareasRespuesta, 'correo'>> {
    const tareas = [];
    for (const tarea of this.#tareas.values()) {
      const filas = await this.#db
        .select()
        .from(tareasEjecuciones)
        .where(eq(tareasEjecuciones.tarea, tarea.nombre))
        .orderBy(desc(tareasEjecuciones.inicio), desc(tareasEjecuciones.id))
        .limit(EJECUCIONES_MOSTRADAS);
      const limite = (tarea.limiteSegundos ?? LIMITE_SEGUNDOS) * 1000;
      tareas.push({
        nombre: tarea.nombre,
        titulo: tarea.titulo,
        descripcion: tarea.descripcion,
        programacion: tarea.programacion(this.#config),
        ajuste: tarea.ajuste?.(this.#config) ?? null,
        proxima: this.#boss ? proximaEjecucion(tarea.cron(this.#config), ahora) : null,
        pendientes: this.#boss ? await this.#boss.getQueueSize(tarea.nombre) : 0,
        ejecuciones: filas.map((fila): TareaEjecucion => {
          // A run still marked running past its time limit was cut off (a restart or a crash); the queue retries it.
          const interrumpida = fila.estado === 'en_curso' && ahora.getTime() - fila.inicio.getTime() > limite;
          return {
            id: fila.id,
            inicio: fila.inicio.toISOString(),
            fin: fila.fin?.toISOString() ?? null,
            duracion_ms: fila.fin ? fila.fin.getTime() - fila.inicio.getTime() : null,
            estado: interrumpida ? 'interrumpida' : (fila.estado as TareaEjecucion['estado']),
            intento: fila.intento,
            definitivo: fila.definitivo,
            manual: fila.manual,
            resultado: fila.resultado,
            error: fila.error,
          };
        }),
      });
    }
    return { activo: this.activo, zona: ZONA_HORARIA, tareas };
  }

  /** One run: written down before and after, so the screen shows it running, done or failed. */
  async #correr(tarea: TareaProgramada<D>, job: PgBoss.JobWithMetadata<{ manual?: boolean }>): Promise<void> {
    const deps = this.#deps;
    if (deps === undefined) throw new Error('programador sin tareas definidas');
    const manual = job.data?.manual === true;
    const definitivo = job.retryCount >= job.retryLimit;
    const [fila] = await this.#db
      .insert(tareasEjecuciones)
      .values({ tarea: tarea.nombre, trabajo: job.id, intento: job.retryCount + 1, definitivo, manual })
      .returning({ id: tareasEjecuciones.id });
    const id = fila?.id ?? 0;
    const alTerminar = await this.#alEmpezar(tarea);
    try {
      const resultado = await tarea.ejecutar(deps, { manual }).catch(async (err: unknown) => {
        await alTerminar({ ok: false });
        throw err;
      });
      await alTerminar({ ok: true });
      await this.#db
        .update(tareasEjecuciones)
        .set({ estado: 'ok', fin: new Date(), resultado })
        .where(eq(tareasEjecuciones.id, id));
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      tareasFallidas.inc({ tarea: tarea.nombre });
      await this.#db
        .update(tareasEjecuciones)
        .set({ estado: 'error', fin: new Date(), error })
        .where(eq(tareasEjecuciones.id, id));
      if (definitivo) {
        for (const escucha of this.#fallos) {
          await escucha({ tarea: tarea.nombre, titulo: tarea.titulo, error }).catch(() => undefined);
        }
      }
      // The queue retries it, or marks it failed after the last attempt.
      throw err;
    }
  }
}

/** The next time a cron expression fires after `ahora`, in Buenos Aires time. */
export function proximaEjecucion(cron: string, ahora: Date): string {
  return cronParser.parseExpression(cron, { currentDate: ahora, tz: ZONA_HORARIA }).next().toDate().toISOString();
}
