import type { Feedback } from '@intranet/contract/areas/insights';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insightsEventos, insightsFeedback, insightsIssues } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { existeIssue } from './issues.ts';
import { existeProyecto } from './proyectos.ts';

// User feedback: what a person using an app wrote about a problem, sent by the SDKs' `captureFeedback` (a
// `feedback` envelope item: an event whose `contexts.feedback` holds the message) or, by older SDKs, as a
// `user_report` item. Kept per project, linked to the issue of the event it names when that event is here.

const MAX_MENSAJE = 5_000;
const MAX_CORTO = 500;
/** The most a project's or an issue's list shows. */
const MAX_LISTA = 200;

export interface FeedbackRecibido {
  eventId: string;
  eventoAsociado: string | null;
  nombre: string | null;
  email: string | null;
  mensaje: string;
  url: string | null;
}

const texto = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;
const idDeEvento = (v: unknown): string | null =>
  typeof v === 'string' && /^[0-9a-f-]{32,36}$/i.test(v) ? v.replaceAll('-', '').toLowerCase() : null;

/** A `feedback` item's event, or a `user_report` item, as feedback; undefined when it holds no message. */
export function feedbackDe(
  tipo: 'feedback' | 'user_report',
  raw: unknown,
  eventIdDefecto: string,
): FeedbackRecibido | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const o = raw as Record<string, unknown>;
  if (tipo === 'user_report') {
    const mensaje = texto(o.comments, MAX_MENSAJE);
    const asociado = idDeEvento(o.event_id);
    if (!mensaje || !asociado) return undefined;
    return {
      eventId: asociado,
      eventoAsociado: asociado,
      nombre: texto(o.name, MAX_CORTO),
      email: texto(o.email, MAX_CORTO),
      mensaje,
      url: null,
    };
  }
  const contexts = o.contexts as Record<string, unknown> | undefined;
  const f = (contexts?.feedback ?? null) as Record<string, unknown> | null;
  const mensaje = f ? texto(f.message, MAX_MENSAJE) : null;
  if (!f || !mensaje) return undefined;
  return {
    eventId: idDeEvento(o.event_id) ?? eventIdDefecto,
    eventoAsociado: idDeEvento(f.associated_event_id),
    nombre: texto(f.name, MAX_CORTO),
    email: texto(f.contact_email, MAX_CORTO),
    mensaje,
    url: texto(f.url, 2_000),
  };
}

/** Stores it (once per event id), with the issue of the event it names if that event is here. */
export async function guardarFeedback(db: Executor, proyectoId: number, f: FeedbackRecibido): Promise<void> {
  const issue = f.eventoAsociado
    ? sql`(select ${insightsEventos.issueId} from ${insightsEventos}
            where ${insightsEventos.proyectoId} = ${proyectoId} and ${insightsEventos.eventId} = ${f.eventoAsociado}
            limit 1)`
    : sql`null`;
  await db
    .insert(insightsFeedback)
    .values({ proyectoId, ...f, issueId: issue })
    .onConflictDoNothing();
}

const columnas = {
  ...wireColumns(insightsFeedback, [
    'id',
    'event_id',
    'evento_asociado',
    'issue_id',
    'nombre',
    'email',
    'mensaje',
    'url',
    'recibido',
  ]),
  issue_titulo: insightsIssues.titulo,
};

async function lista(db: Executor, donde: SQL): Promise<Feedback[]> {
  const filas = await db
    .select(columnas)
    .from(insightsFeedback)
    .leftJoin(insightsIssues, eq(insightsIssues.id, insightsFeedback.issueId))
    .where(donde)
    .orderBy(desc(insightsFeedback.recibido), desc(insightsFeedback.id))
    .limit(MAX_LISTA);
  return filas.map((f) => ({ ...f, recibido: f.recibido.toISOString() }));
}

export async function feedbackDeProyecto(db: Executor, proyectoId: number): Promise<Feedback[]> {
  await existeProyecto(db, proyectoId);
  return lista(db, eq(insightsFeedback.proyectoId, proyectoId));
}

export async function feedbackDeIssue(db: Executor, issueId: number): Promise<Feedback[]> {
  await existeIssue(db, issueId);
  return lista(db, eq(insightsFeedback.issueId, issueId));
}
