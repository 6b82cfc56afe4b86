import type { Evento, EventoResumen, Serie, TagBreakdown } from '@intranet/contract/areas/insights';
import { and, asc, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insightsEventos, insightsIssues } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { contarFiltradas, listPage, type ListSource, type ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import { esNormalizado, normalizarEvento, type EventoDatos } from './intake/normalize.ts';
import type { Simbolizador } from './sourcemaps/simbolizar.ts';

// An issue's events: one event with its neighbours, the paged list, the tag breakdown and the daily series.

const resumen = wireColumns(insightsEventos, [
  'id',
  'event_id',
  'issue_id',
  'fecha',
  'nivel',
  'mensaje',
  'release',
  'environment',
  'usuario',
]);

const resumenWire = (r: {
  event_id: string;
  issue_id: number;
  fecha: Date;
  nivel: EventoResumen['nivel'];
  mensaje: string;
  release: string | null;
  environment: string | null;
  usuario: string | null;
}): EventoResumen => ({
  event_id: r.event_id,
  issue_id: r.issue_id,
  fecha: r.fecha.toISOString(),
  nivel: r.nivel,
  mensaje: r.mensaje,
  release: r.release,
  environment: r.environment,
  usuario: r.usuario,
});

/**
 * The detail of a stored event. The intake keeps events as the SDK sent them and they are normalised here,
 * as at intake (the arrival time for a missing timestamp, the row's event_id); events stored before that,
 * or too large to keep as sent, were stored normalised and are shown as they are.
 */
function datosDe(stored: unknown, recibido: Date, eventId: string): EventoDatos {
  if (esNormalizado(stored)) return stored;
  return normalizarEvento(stored, { ahora: recibido, eventIdDefecto: eventId }).datos;
}

/** Where one event of the issue is, `latest`, `oldest` or by event_id: its condition and order (of one row). */
function cualEvento(issueId: number, cual: string): { where: SQL | undefined; orderBy: SQL[] } {
  const delIssue = eq(insightsEventos.issueId, issueId);
  if (cual === 'latest') return { where: delIssue, orderBy: [desc(insightsEventos.id)] };
  if (cual === 'oldest') return { where: delIssue, orderBy: [asc(insightsEventos.id)] };
  // By event_id with its project too, so each month's unique (proyecto_id, event_id, fecha) finds it without walking
  // the issue.
  const delProyecto = eq(
    insightsEventos.proyectoId,
    sql`(select proyecto_id from insights_issues where id = ${issueId})`,
  );
  return { where: and(delIssue, delProyecto, eq(insightsEventos.eventId, cual)), orderBy: [] };
}

/**
 * One event of the issue (`latest`, `oldest` or by event_id) with the event_ids before and after it; null if
 * none. Its minified frames are resolved through the project's source maps when `simbolizador` is given.
 */
export async function eventoDe(
  db: Executor,
  issueId: number,
  cual: string,
  simbolizador?: Simbolizador,
): Promise<Evento | null> {
  const donde = cualEvento(issueId, cual);
  const [row] = await db
    .select({
      ...resumen,
      proyectoId: insightsEventos.proyectoId,
      recibido: insightsEventos.recibido,
      datos: insightsEventos.datos,
    })
    .from(insightsEventos)
    .where(donde.where)
    .orderBy(...donde.orderBy)
    .limit(1);
  if (!row) return null;
  const vecino = async (older: boolean) => {
    const [v] = await db
      .select(wireColumns(insightsEventos, ['event_id']))
      .from(insightsEventos)
      .where(
        and(
          eq(insightsEventos.issueId, issueId),
          older ? lt(insightsEventos.id, row.id) : gt(insightsEventos.id, row.id),
        ),
      )
      .orderBy(older ? desc(insightsEventos.id) : asc(insightsEventos.id))
      .limit(1);
    return v?.event_id ?? null;
  };
  const datos = datosDe(row.datos, row.recibido, row.event_id);
  if (simbolizador)
    datos.exception = await simbolizador.excepciones(row.proyectoId, row.datos, datos.exception, row.release);
  return {
    ...datos,
    ...resumenWire(row),
    recibido: row.recibido.toISOString(),
    anterior: await vecino(true),
    siguiente: await vecino(false),
  };
}

/**
 * One event of the issue as it was stored, its JSON text untouched: what the SDK sent, scrubbed (or, for an event too
 * large to keep as sent, as the intake normalised it). Undefined if none.
 */
export async function eventoGuardado(
  db: Executor,
  issueId: number,
  cual: string,
): Promise<{ eventId: string; json: string } | undefined> {
  const donde = cualEvento(issueId, cual);
  const [row] = await db
    .select({ eventId: insightsEventos.eventId, json: sql<string>`${insightsEventos.datos}::text` })
    .from(insightsEventos)
    .where(donde.where)
    .orderBy(...donde.orderBy)
    .limit(1);
  return row;
}

export async function existeIssue(db: Executor, issueId: number): Promise<void> {
  const [row] = await db.select({ id: insightsIssues.id }).from(insightsIssues).where(eq(insightsIssues.id, issueId));
  if (!row) throw new ApiError(404, 'El error no existe');
}

/** An issue's events: newest first, or oldest first with `sort=fecha` (the id follows the arrival order). */
const eventosList: ListSpec<{ issueId: number }> = {
  sorts: { fecha: insightsEventos.id },
  defaultSort: '-fecha',
  id: insightsEventos.id,
  filters: (q) => [eq(insightsEventos.issueId, q.issueId)],
};

const eventosSource = (db: Executor): ListSource<EventoResumen & { id: number }> => ({
  rows: async ({ where, orderBy, limit, offset, sortKey }) => {
    const filas = db.select({ ...resumen, sortKey }).from(insightsEventos);
    // Past the first rows, the page's ids first, from the index (issue_id, id) alone, then only those rows: an
    // OFFSET of 75 skips index entries, not 75 heap pages (an issue's events lie one to a page among millions).
    const rows =
      offset === 0
        ? await filas
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
        : await filas
            .where(
              and(
                where,
                sql`${insightsEventos.id} = any(array(${db
                  .select({ id: insightsEventos.id })
                  .from(insightsEventos)
                  .where(where)
                  .orderBy(...orderBy)
                  .limit(limit)
                  .offset(offset)}))`,
              ),
            )
            .orderBy(...orderBy);
    return rows.map((r) => ({ ...resumenWire(r), id: r.id, sortKey: r.sortKey }));
  },
  count: (where) => db.$count(insightsEventos, where),
  // An issue that fires all day holds millions of events: its pages go as far as the first 10,000.
  ...contarFiltradas(db, (where) => db.select({ id: insightsEventos.id }).from(insightsEventos).where(where)),
});

/** The issue's events, newest first (`sort=fecha` for oldest first). */
export async function eventosPage(
  db: Executor,
  issueId: number,
  q: { page: number; size: number; sort?: string | undefined },
): Promise<{ items: EventoResumen[]; total: number; total_exacto?: false; total_estimado?: number }> {
  await existeIssue(db, issueId);
  const { items, ...total } = await listPage(eventosList, { ...q, issueId }, eventosSource(db));
  return { items: items.map(({ id: _id, ...evento }) => evento), ...total };
}

/** Events the tag breakdown reads: the latest ones, so a huge issue answers as quickly as a small one. */
const MUESTRA_TAGS = 10_000;

/** Per tag key (most frequent first), its top 10 values over the issue's latest events. */
export async function tagsDe(db: Executor, issueId: number): Promise<TagBreakdown> {
  await existeIssue(db, issueId);
  const { rows } = await db.execute<{ key: string; value: string; n: number | string }>(sql`
    select t.key, t.value, count(*) as n
    from (select tags from insights_eventos where issue_id = ${issueId} order by id desc limit ${MUESTRA_TAGS}) e,
      jsonb_each_text(e.tags) t
    group by t.key, t.value`);
  const byTagKey = new Map<string, { value: string; cantidad: number }[]>();
  for (const r of rows)
    byTagKey.set(r.key, [...(byTagKey.get(r.key) ?? []), { value: r.value, cantidad: Number(r.n) }]);
  return [...byTagKey.entries()]
    .map(([key, valores]) => {
      const total = valores.reduce((s, v) => s + v.cantidad, 0);
      const top = valores.sort((a, b) => b.cantidad - a.cantidad || a.value.localeCompare(b.value)).slice(0, 10);
      return {
        key,
        total,
        valores: top.map((v) => ({ ...v, porcentaje: Math.round((v.cantidad / total) * 1000) / 10 })),
      };
    })
    .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
}

/** Events per UTC day of the last `dias` days, every day present, oldest first. */
export async function serieDe(db: Executor, issueId: number, dias: number): Promise<Serie> {
  await existeIssue(db, issueId);
  const { rows } = await db.execute<{ fecha: string; cantidad: number | string }>(sql`
    select to_char(d, 'YYYY-MM-DD') as fecha, coalesce(x.cantidad, 0) as cantidad
    from generate_series((now() at time zone 'utc')::date - ${dias - 1}::int,
                         (now() at time zone 'utc')::date, interval '1 day') d
    left join insights_issue_dias x on x.issue_id = ${issueId} and x.dia = d::date
    order by d`);
  return rows.map((r) => ({ fecha: r.fecha, cantidad: Number(r.cantidad) }));
}
