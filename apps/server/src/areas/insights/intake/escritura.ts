import { lotesIntake } from '../../../core/metricas.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { baseNoDisponible } from '../../../db/disponibilidad.ts';
import { esNormalizado, normalizarEvento, resumirEvento, type EventoResumido } from './normalize.ts';
import { CLAVES_SENSIBLES, depurarEvento } from './depurar.ts';

/** An accepted event on its way to the database. */
export interface EventoAceptado extends EventoResumido {
  proyectoId: number;
  recibido: Date;
  /** The JSON stored as the event's `datos`: the event as the SDK sent it (see `aceptarEvento`). */
  crudo: string;
  /**
   * Set when the event creates its issue in a project with source maps (sourcemaps/al-crear.ts): the grouping key
   * with its frames resolved, and the culprit as the maps read it, stored on the new issue.
   */
  huellaSimbolica?: string;
  culpritMapa?: string | null;
}

/** Characters of an event kept as sent (Sentry's own limit for an event is 1 MB). */
const MAX_CRUDO = 1024 * 1024;
/**
 * JSON escapes PostgreSQL cannot take into text: NUL and UTF-16 surrogates (valid pairs too, to keep this a
 * plain scan).
 */
const ESCAPE_RECHAZADO = /\\u(0000|[dD][89a-fA-F])/;

/** Nesting kept as sent: deeper JSON would make PostgreSQL's recursive parser, PGlite's above all, run out of stack. */
const MAX_ANIDADO = 64;

/** Whether the JSON text nests objects and arrays deeper than `max` (brackets inside strings do not count). */
function anidadoMasDe(texto: string, max: number): boolean {
  let depth = 0;
  let enTexto = false;
  for (let i = 0; i < texto.length; i++) {
    const c = texto.charCodeAt(i);
    if (enTexto) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) enTexto = false;
    } else if (c === 0x22) enTexto = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * An event read for the intake: its columns and grouping, and the event itself kept as the SDK sent it —
 * the JSON text as it arrived, not parsed into objects and written out again — so that the intake does the
 * least work per event; the detail normalises it when it is shown (`normalizarEvento`). An event larger than
 * MAX_CRUDO, nested deeper than MAX_ANIDADO or with escapes PostgreSQL refuses is kept normalised instead (cut
 * to the sizes and depth the detail shows, without NUL, lone surrogates replaced).
 */
export function aceptarEvento(
  textoRecibido: string,
  raw: unknown,
  opts: { proyectoId: number; recibido: Date; eventIdDefecto?: string | undefined; claves?: readonly string[] },
): EventoAceptado {
  const leer = { ahora: opts.recibido, eventIdDefecto: opts.eventIdDefecto };
  // The event is scrubbed before anything is kept: where a value was filtered, the text as it came is not stored.
  const texto = depurarEvento(raw, opts.claves ?? CLAVES_SENSIBLES) ? JSON.stringify(raw) : textoRecibido;
  const comoLlego =
    texto.length <= MAX_CRUDO &&
    !(texto.includes('\\u') && ESCAPE_RECHAZADO.test(texto)) &&
    !anidadoMasDe(texto, MAX_ANIDADO);
  const crudo = comoLlego ? texto : JSON.stringify(normalizarEvento(raw, leer).datos);
  return { ...resumirEvento(raw, leer), proyectoId: opts.proyectoId, recibido: opts.recibido, crudo };
}

/** The event with its `datos` normalised, or undefined if they are already (or cannot be read back). */
function normalizadoDe(e: EventoAceptado): EventoAceptado | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(e.crudo);
  } catch {
    return undefined;
  }
  if (esNormalizado(raw)) return undefined;
  return { ...e, crudo: JSON.stringify(normalizarEvento(raw, { ahora: e.recibido, eventIdDefecto: e.eventId }).datos) };
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
  /** With one in flight, another starts only once this many events wait (so that batches stay large). */
  loteParaOtro?: number;
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
    const umbral = this.opts.loteParaOtro ?? 1;
    while (this.enVuelo < this.opts.paralelo && this.cola.length >= (this.enVuelo === 0 ? 1 : umbral)) {
      const lote = this.cola.splice(0, this.opts.maxLote);
      lotesIntake.observe(lote.length);
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
      await escribirLote(
        this.db,
        lote.map((p) => p.evento),
      );
      for (const p of lote) p.listo();
    } catch (err) {
      if (baseNoDisponible(err)) {
        // The database is away: every event would fail alike, one by one. The batch is refused at once (503, logged
        // by the error handler; the SDK sends it again) and nothing of it was acknowledged.
        for (const p of lote) p.fallo(err);
        return;
      }
      if (lote.length === 1) {
        // An event kept as sent that PostgreSQL still refuses (JSON nested deeper than its parser goes, say)
        // is kept normalised instead: cut to size and depth, as the detail shows it.
        const normalizado = normalizadoDe(lote[0]!.evento);
        if (normalizado) {
          try {
            await escribirLote(this.db, [normalizado]);
            lote[0]!.listo();
            return;
          } catch {
            // reported below with the first error
          }
        }
        this.onError(err);
        lote[0]!.fallo(err);
        return;
      }
      // One bad event must not sink its neighbours: write them one by one.
      for (const p of lote) await this.escribir([p]);
    }
  }
}

// Deadlock, serialization failure, and a foreign key or unique key that failed because another writer created
// or rewrote the same issue in the meantime (see escribirLote): the statement wrote nothing and is tried again
// with a fresh look at the issues. (A stress of 4,000 batches, ten at a time racing to create the same new
// issues with repeated event_ids, needed at most two attempts and kept every count exact.)
const RETRYABLE = new Set(['40P01', '40001', '23503', '23505']);

async function conReintentos<T>(work: () => Promise<T>): Promise<T> {
  for (let intento = 1; ; intento++) {
    try {
      return await work();
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (intento >= 5 || !code || !RETRYABLE.has(code)) throw err;
      await new Promise((r) => setTimeout(r, 5 * intento));
    }
  }
}

/**
 * A resolved issue reopens with any new event, unless it was resolved "in the next release": then only an event
 * of a later release does — one created or first seen after the resolution (`ids.reabre`, carried in the insert's
 * `reabierta`, which a new issue leaves null). The release it was resolved in, an older one still deployed, or
 * none keep it resolved.
 */
const REABRE = `(i.resuelta_en_release is null or excluded.reabierta is not null)`;

/**
 * An ignored issue comes back (ignorados.ts) when its time has passed or these events cross its count: the count of
 * events since it was ignored is read here, on the locked row, so that batches written side by side add up exactly;
 * a count within a window, and users, are read by the statement's `vuelve` and carried in the insert's `reabierta`.
 */
const VUELVE = `(i.estado = 'ignored' and (excluded.reabierta is not null or i.ignorada_hasta <= now()
    or (i.ignorada_ventana is null and i.cantidad + excluded.cantidad - i.ignorada_cantidad >= i.ignorada_eventos)))`;
const REABIERTA = `((i.estado = 'resolved' and ${REABRE}) or ${VUELVE})`;

const ESCRIBIR_LOTE = `
with g as (
  select * from json_to_recordset($1::json) as g(proyecto_id int, huella text, fingerprint jsonb, titulo text,
    culprit text, tipo text, nivel text, release text, environment text, huella_simbolica text, culprit_mapa text)
),
ids as (
  -- LATERAL … LIMIT 1: one index lookup per group, whatever the planner guesses of the batch's size. A key with no
  -- issue of its own may be an alias of an older one (joined by its source-mapped frames): only then is it looked up.
  -- "real" is the key of the issue the group lands in. "reabre": the issue was resolved in the next release and the
  -- group's release is later (created or first seen after that); asked only then, by insights_release_posterior.
  select g.proyecto_id, g.huella,
    coalesce(i.id, a.issue_id, nextval(pg_get_serial_sequence('insights_issues', 'id'))::int) as id,
    coalesce(a.huella, g.huella) as real, r.reabre
  from g left join lateral (
    select id, estado, resuelta_en_release, resuelta_el from insights_issues
      where proyecto_id = g.proyecto_id and huella = g.huella limit 1
  ) i on true
  left join lateral (
    select x.issue_id, t.huella, t.estado, t.resuelta_en_release, t.resuelta_el
    from insights_issue_alias x join insights_issues t on t.id = x.issue_id
    where i.id is null and x.proyecto_id = g.proyecto_id and x.huella = g.huella limit 1
  ) a on true
  left join lateral (
    select insights_release_posterior(g.proyecto_id, g.release, coalesce(i.resuelta_el, a.resuelta_el)) as reabre
    where coalesce(i.estado, a.estado) = 'resolved' and g.release is not null
      and g.release <> coalesce(i.resuelta_en_release, a.resuelta_en_release)
  ) r on true
),
ins as (
  insert into insights_eventos
    (proyecto_id, issue_id, event_id, fecha, recibido, nivel, mensaje, release, environment, usuario, tags, datos)
  select x.proyecto_id, ids.id, x.event_id, x.fecha, x.recibido, x.nivel, x.mensaje, x.release,
    x.environment, x.usuario, x.tags, x.datos
  from rows from (json_to_recordset($2::json) as (proyecto_id int, huella text,
    event_id text, fecha timestamptz, recibido timestamptz,
    nivel text, mensaje text, release text, environment text, usuario text, tags jsonb, datos json)) with ordinality
    as x(proyecto_id, huella, event_id, fecha, recibido, nivel, mensaje, release,
      environment, usuario, tags, datos, orden)
  join ids on ids.proyecto_id = x.proyecto_id and ids.huella = x.huella
  -- In arrival order, so event ids (latest, previous, next) follow it within the batch too.
  order by x.orden
  -- An SDK's retry repeats the event_id and its timestamp: stored once (fecha partitions the table, migration 0032).
  on conflict (proyecto_id, event_id, fecha) do nothing
  returning issue_id, recibido, usuario
),
cuenta as (
  select issue_id, count(*) as n, min(recibido) as primera, max(recibido) as ultima from ins group by issue_id
),
vuelve as (
  -- Ignored until N more events within a window, or N more users: counted over the events after it was ignored (the
  -- statement's own are not among them yet, so they are added), only for the issues so ignored.
  select t.id from cuenta c join insights_issues t on t.id = c.issue_id
  where t.estado = 'ignored' and (t.ignorada_ventana is not null and t.ignorada_eventos is not null
      or t.ignorada_usuarios is not null)
    and case when t.ignorada_usuarios is null then
      c.n + (select count(*) from insights_eventos e where e.issue_id = t.id and e.id > t.ignorada_tras_evento
              and e.recibido > now() - make_interval(mins => t.ignorada_ventana)) >= t.ignorada_eventos
    else
      (select count(distinct u.usuario) from (
         select e.usuario from insights_eventos e where e.issue_id = t.id and e.id > t.ignorada_tras_evento
            and (t.ignorada_ventana is null or e.recibido > now() - make_interval(mins => t.ignorada_ventana))
         union all select ins.usuario from ins where ins.issue_id = t.id) u) >= t.ignorada_usuarios
    end
),
up as (
  insert into insights_issues as i (id, proyecto_id, huella, fingerprint, titulo, culprit, tipo, nivel, cantidad,
    primera_vez, ultima_vez, release, environment, reabierta,
    huella_simbolica, culprit_mapa)
  overriding system value
  -- One row per issue: a batch may hold an issue's own key and an alias of it (the one with a later release first).
  -- The resolved key only goes in with a new issue: an existing one keeps its own (the merge job sets it otherwise).
  select distinct on (c.issue_id) c.issue_id, g.proyecto_id, ids.real, g.fingerprint, g.titulo, g.culprit,
    g.tipo, g.nivel, c.n, c.primera, c.ultima, g.release, g.environment,
    case when ids.reabre or v.id is not null then now() end, g.huella_simbolica, g.culprit_mapa
  from cuenta c
  join ids on ids.id = c.issue_id
  join g on g.proyecto_id = ids.proyecto_id and g.huella = ids.huella
  left join vuelve v on v.id = c.issue_id
  order by c.issue_id, ids.reabre desc nulls last
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
    estado = case when ${REABIERTA} then 'unresolved' else i.estado end,
    reabierta = case when ${REABIERTA} then now() else i.reabierta end,
    resuelta_en_release = case when i.estado = 'resolved' and ${REABRE} then null else i.resuelta_en_release end,
    resuelta_el = case when i.estado = 'resolved' and ${REABRE} then null else i.resuelta_el end,
    ignorada_hasta = case when ${VUELVE} then null else i.ignorada_hasta end,
    ignorada_eventos = case when ${VUELVE} then null else i.ignorada_eventos end,
    ignorada_usuarios = case when ${VUELVE} then null else i.ignorada_usuarios end,
    ignorada_ventana = case when ${VUELVE} then null else i.ignorada_ventana end,
    ignorada_cantidad = case when ${VUELVE} then null else i.ignorada_cantidad end,
    ignorada_tras_evento = case when ${VUELVE} then null else i.ignorada_tras_evento end
  returning i.id, i.titulo, i.culprit
),
busqueda as (
  insert into insights_issue_busqueda as b (issue_id, texto)
  select id, titulo || ' ' || culprit from up
  on conflict (issue_id) do update set texto = excluded.texto where b.texto is distinct from excluded.texto
),
dias as (
  insert into insights_issue_dias as d (issue_id, dia, cantidad)
  select issue_id, (recibido at time zone 'UTC')::date, count(*) from ins group by 1, 2 order by 1, 2
  on conflict (issue_id, dia) do update set cantidad = d.cantidad + excluded.cantidad
)
select count(*) as n from up`;

/**
 * One batch as one statement (one round trip, atomic without a transaction of its own): the events are
 * inserted first (a retried event_id is stored once), then each issue is counted with exactly the events
 * that went in (count = count + n, first/last seen, the latest event's title, reopened if resolved, back if
 * ignored and its condition crossed), the per-day counts of the chart and, when the title or culprit changed, the
 * text `q` searches.
 *
 * A new issue's id is taken from its sequence before the statement inserts it, so its events can name it;
 * foreign keys are checked at the end of the statement. If another writer created the same issue meanwhile,
 * the check fails, nothing is written, and the batch is retried (it then finds that issue). Issue rows are
 * locked in id order, so concurrent writers do not deadlock each other.
 */
export async function escribirLote(db: Executor, eventos: EventoAceptado[]): Promise<void> {
  // The issue takes what it shows from the latest event of its group, and its resolved key from the one that has it.
  const ultimo = new Map<string, EventoAceptado>();
  const simbolico = new Map<string, EventoAceptado>();
  for (const e of eventos) {
    const key = `${e.proyectoId}:${e.huella}`;
    const g = ultimo.get(key);
    if (!g || e.recibido >= g.recibido) ultimo.set(key, e);
    if (e.huellaSimbolica !== undefined) simbolico.set(key, e);
  }
  const grupos = [...ultimo.entries()].map(([key, e]) => ({
    proyecto_id: e.proyectoId,
    huella: e.huella,
    fingerprint: e.fingerprint,
    titulo: e.titulo,
    culprit: e.culprit,
    tipo: e.tipo,
    nivel: e.nivel,
    release: e.release,
    environment: e.environment,
    // Undefined (left out of the JSON, null in SQL) but when the event creates its issue in a project with maps.
    huella_simbolica: simbolico.get(key)?.huellaSimbolica,
    culprit_mapa: simbolico.get(key)?.culpritMapa,
  }));
  // Each event's columns as JSON with its `datos` spliced in as received: the event is not serialised again.
  const filas = eventos.map((e) => {
    const columnas = JSON.stringify({
      proyecto_id: e.proyectoId,
      huella: e.huella,
      event_id: e.eventId,
      fecha: e.fecha.toISOString(),
      recibido: e.recibido.toISOString(),
      nivel: e.nivel,
      mensaje: e.mensaje,
      release: e.release,
      environment: e.environment,
      usuario: e.usuario,
      tags: e.tags,
    });
    return `${columnas.slice(0, -1)},"datos":${e.crudo}}`;
  });
  const params = [JSON.stringify(grupos), `[${filas.join(',')}]`];
  await conReintentos(() =>
    db._.session.prepareQuery({ sql: ESCRIBIR_LOTE, params }, undefined, 'insights_escribir_lote', false).execute(),
  );
}
