import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import type { EventoNormalizado } from './normalize.ts';

/** An accepted event on its way to the database. */
export interface EventoAceptado extends EventoNormalizado {
  proyectoId: number;
  recibido: Date;
}

interface Pendiente {
  evento: EventoAceptado;
  listo: () => void;
  fallo: (err: unknown) => void;
}

export interface EscrituraOpciones {
  /** Events waiting (queued plus being written) beyond which intake answers 429. */
  maxPendientes: number;
  /** Events per transaction at most. */
  maxLote: number;
  /** Transactions in flight at once (1 on PGlite, which has one connection). */
  paralelo: number;
}

/**
 * The intake's write queue: group commit. A request's event joins the queue and the request waits until the
 * transaction holding it has committed, so a 200 always means "stored" (nothing is lost to a crash after it).
 * While one batch is being written the next one gathers, so under load each transaction carries many events
 * and the database sees a few statements per batch instead of several per event. When more events wait than
 * `maxPendientes`, `encolar` answers undefined and the caller refuses the request with 429.
 */
export class EscrituraEventos {
  private readonly cola: Pendiente[] = [];
  private enVuelo = 0;
  private pendientes = 0;
  private cerrada = false;
  private esperandoVacia: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly opts: EscrituraOpciones,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Queues the event; the promise settles when it is committed (or failed). Undefined when the queue is full. */
  encolar(evento: EventoAceptado): Promise<void> | undefined {
    if (this.cerrada || this.pendientes >= this.opts.maxPendientes) return undefined;
    this.pendientes += 1;
    const done = new Promise<void>((listo, fallo) => this.cola.push({ evento, listo, fallo }));
    this.bombear();
    return done;
  }

  get enEspera(): number {
    return this.pendientes;
  }

  /** Stops taking events and waits for those already accepted to be written. */
  async cerrar(): Promise<void> {
    this.cerrada = true;
    if (this.pendientes === 0) return;
    await new Promise<void>((resolve) => this.esperandoVacia.push(resolve));
  }

  private bombear(): void {
    while (this.enVuelo < this.opts.paralelo && this.cola.length > 0) {
      const lote = this.cola.splice(0, this.opts.maxLote);
      this.enVuelo += 1;
      void this.escribir(lote).finally(() => {
        this.enVuelo -= 1;
        this.pendientes -= lote.length;
        if (this.pendientes === 0) for (const resolve of this.esperandoVacia.splice(0)) resolve();
        this.bombear();
      });
    }
  }

  private async escribir(lote: Pendiente[]): Promise<void> {
    try {
      await conReintentos(() => this.db.transaction((tx) => escribirLote(tx, lote.map((p) => p.evento))));
      for (const p of lote) p.listo();
    } catch (err) {
      if (lote.length === 1) {
        this.onError(err);
        lote[0]!.fallo(err);
        return;
      }
      // One bad event must not sink its neighbours: write them one by one.
      for (const p of lote) await this.escribir([p]);
    }
  }
}

const RETRYABLE = new Set(['40P01', '40001']); // deadlock, serialization failure (several processes, one issue)

async function conReintentos<T>(work: () => Promise<T>): Promise<T> {
  for (let intento = 1; ; intento++) {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (intento >= 4 || !code || !RETRYABLE.has(code)) throw err;
      await new Promise((r) => setTimeout(r, 5 * intento));
    }
  }
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const dia = (d: Date) => d.toISOString().slice(0, 10);

/**
 * One batch in the caller's transaction: issues upserted with exact counts (count = count + n, as one
 * statement per batch, rows in key order so concurrent writers lock them in the same order), events inserted
 * (a retried event_id is stored once and not counted twice), and the per-day counts of the chart.
 */
export async function escribirLote(tx: Tx, eventos: EventoAceptado[]): Promise<void> {
  const grupos = new Map<string, { e: EventoAceptado; n: number; primera: Date; ultima: Date }>();
  for (const e of eventos) {
    const key = `${e.proyectoId}:${e.huella}`;
    const g = grupos.get(key);
    if (!g) grupos.set(key, { e, n: 1, primera: e.recibido, ultima: e.recibido });
    else {
      g.n += 1;
      if (e.recibido < g.primera) g.primera = e.recibido;
      if (e.recibido >= g.ultima) {
        g.ultima = e.recibido;
        g.e = e;
      }
    }
  }
  const issues = [...grupos.values()]
    .sort((a, b) => a.e.proyectoId - b.e.proyectoId || (a.e.huella < b.e.huella ? -1 : a.e.huella > b.e.huella ? 1 : 0))
    .map((g) => ({
      proyecto_id: g.e.proyectoId,
      huella: g.e.huella,
      fingerprint: g.e.fingerprint,
      titulo: g.e.titulo,
      culprit: g.e.culprit,
      tipo: g.e.tipo,
      nivel: g.e.nivel,
      n: g.n,
      primera: g.primera.toISOString(),
      ultima: g.ultima.toISOString(),
      release: g.e.release,
      environment: g.e.environment,
    }));
  const upserted = await tx.execute<{ id: number; proyecto_id: number; huella: string }>(sql`
    insert into insights_issues as i (proyecto_id, huella, fingerprint, titulo, culprit, tipo, nivel, cantidad, primera_vez, ultima_vez, release, environment)
    select x.proyecto_id, x.huella, x.fingerprint, x.titulo, x.culprit, x.tipo, x.nivel, x.n, x.primera, x.ultima, x.release, x.environment
    from jsonb_to_recordset(${json(issues)}) as x(proyecto_id int, huella text, fingerprint jsonb, titulo text, culprit text, tipo text,
      nivel text, n bigint, primera timestamptz, ultima timestamptz, release text, environment text)
    order by x.proyecto_id, x.huella
    on conflict (proyecto_id, huella) do update set
      cantidad = i.cantidad + excluded.cantidad,
      primera_vez = least(i.primera_vez, excluded.primera_vez),
      ultima_vez = greatest(i.ultima_vez, excluded.ultima_vez),
      titulo = excluded.titulo,
      culprit = excluded.culprit,
      tipo = excluded.tipo,
      nivel = excluded.nivel,
      release = coalesce(excluded.release, i.release),
      environment = coalesce(excluded.environment, i.environment),
      estado = case when i.estado = 'resolved' then 'unresolved' else i.estado end
    returning i.id, i.proyecto_id, i.huella`);
  const issueId = new Map(upserted.rows.map((r) => [`${r.proyecto_id}:${r.huella}`, Number(r.id)]));

  const filas = eventos.map((e) => ({
    proyecto_id: e.proyectoId,
    issue_id: issueId.get(`${e.proyectoId}:${e.huella}`),
    event_id: e.eventId,
    fecha: e.fecha.toISOString(),
    recibido: e.recibido.toISOString(),
    nivel: e.nivel,
    mensaje: e.mensaje,
    release: e.release,
    environment: e.environment,
    usuario: e.usuario,
    tags: e.tags,
    datos: e.datos,
  }));
  const insertados = await tx.execute<{ issue_id: number; recibido: string | Date }>(sql`
    insert into insights_eventos (proyecto_id, issue_id, event_id, fecha, recibido, nivel, mensaje, release, environment, usuario, tags, datos)
    select x.proyecto_id, x.issue_id, x.event_id, x.fecha, x.recibido, x.nivel, x.mensaje, x.release, x.environment, x.usuario, x.tags, x.datos
    from jsonb_to_recordset(${json(filas)}) as x(proyecto_id int, issue_id int, event_id text, fecha timestamptz, recibido timestamptz,
      nivel text, mensaje text, release text, environment text, usuario text, tags jsonb, datos jsonb)
    on conflict (proyecto_id, event_id) do nothing
    returning issue_id, recibido`);

  const porDia = new Map<string, { issue_id: number; dia: string; n: number }>();
  const guardados = new Map<number, number>();
  for (const r of insertados.rows) {
    const id = Number(r.issue_id);
    const d = dia(new Date(r.recibido));
    const key = `${id}:${d}`;
    const g = porDia.get(key);
    if (g) g.n += 1;
    else porDia.set(key, { issue_id: id, dia: d, n: 1 });
    guardados.set(id, (guardados.get(id) ?? 0) + 1);
  }
  if (porDia.size > 0) {
    const dias = [...porDia.values()].sort((a, b) => a.issue_id - b.issue_id || (a.dia < b.dia ? -1 : a.dia > b.dia ? 1 : 0));
    await tx.execute(sql`
      insert into insights_issue_dias as d (issue_id, dia, cantidad)
      select x.issue_id, x.dia, x.n from jsonb_to_recordset(${json(dias)}) as x(issue_id int, dia date, n bigint)
      order by x.issue_id, x.dia
      on conflict (issue_id, dia) do update set cantidad = d.cantidad + excluded.cantidad`);
  }

  // Events already stored (an SDK retry of the same event_id) were counted above: take them back out.
  if (insertados.rows.length < eventos.length) {
    const repetidos: { id: number; n: number }[] = [];
    for (const [key, g] of grupos) {
      const id = issueId.get(key)!;
      const n = g.n - (guardados.get(id) ?? 0);
      if (n > 0) repetidos.push({ id, n });
    }
    repetidos.sort((a, b) => a.id - b.id);
    await tx.execute(sql`
      update insights_issues as i set cantidad = i.cantidad - x.n
      from jsonb_to_recordset(${json(repetidos)}) as x(id int, n bigint) where i.id = x.id`);
  }
}
