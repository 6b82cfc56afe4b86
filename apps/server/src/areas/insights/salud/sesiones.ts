import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { insightsSesiones } from '../../../db/schema.ts';

// Release health's intake: the `session` items (one session's state, sent when it starts, when its first error
// or crash happens and when it ends) and the `sessions` items (request-mode aggregates: counts per start minute)
// the SDKs send. Kept in insights_sesiones (partitioned by month of the start); a session's later update rewrites
// its row.

const ESTADOS = ['ok', 'exited', 'crashed', 'abnormal', 'errored'] as const;
type Estado = (typeof ESTADOS)[number];
/** The most aggregates one `sessions` item is read for (the SDKs flush about once a minute). */
const MAX_AGREGADOS = 1_000;
const MAX_TEXTO = 200;
/** A UUID, with or without its dashes (the JavaScript SDKs send it bare, Python's with them). */
const SID = /^([0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** Starts further from now than this are a clock far off, not a session. */
const MAX_DESVIO_MS = 400 * 86_400_000;

/** A row of insights_sesiones, but its project. */
export interface FilaSesion {
  sid: string | null;
  inicio: Date;
  actualizado: Date;
  release: string;
  environment: string | null;
  usuario: string | null;
  sesiones: number;
  errored: number;
  abnormal: number;
  crashed: number;
}

/** An item read: its rows, or why it was dropped (shown on "Datos recibidos"). */
export type ItemSesiones = { filas: FilaSesion[] } | { motivo: string };

// PostgreSQL's text takes no NUL character: a string holding one is not a name.
const texto = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' && !v.includes('\u0000') ? v.trim().slice(0, MAX_TEXTO) : null;
const conteo = (v: unknown): number | undefined =>
  v === undefined || v === null ? 0 : Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : undefined;

/** An ISO 8601 string or seconds since the epoch, within a year or so of now. */
function instante(v: unknown, ahora: Date): Date | undefined {
  const d = typeof v === 'number' ? new Date(v * 1000) : typeof v === 'string' ? new Date(v) : undefined;
  if (!d || !Number.isFinite(d.getTime()) || Math.abs(d.getTime() - ahora.getTime()) > MAX_DESVIO_MS) return undefined;
  return d;
}

function atributos(o: Record<string, unknown>): { release: string; environment: string | null } | string {
  const attrs = o.attrs;
  if (attrs === null || typeof attrs !== 'object') return 'Sesión sin attrs.release';
  const a = attrs as Record<string, unknown>;
  const release = texto(a.release);
  if (!release) return 'Sesión sin attrs.release';
  return { release, environment: texto(a.environment) };
}

/** A `session` item's JSON: one row, keyed by its `sid` and start. */
export function sesionDe(raw: unknown, ahora: Date): ItemSesiones {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { motivo: 'Sesión ilegible' };
  const o = raw as Record<string, unknown>;
  const sid = typeof o.sid === 'string' && SID.test(o.sid) ? o.sid.replaceAll('-', '').toLowerCase() : null;
  if (!sid) return { motivo: 'Sesión sin sid válido' };
  const estado = (o.status ?? 'ok') as Estado;
  if (!ESTADOS.includes(estado)) return { motivo: 'Sesión con estado desconocido' };
  const errores = conteo(o.errors);
  if (errores === undefined) return { motivo: 'Sesión con errors inválido' };
  const inicio = instante(o.started, ahora);
  if (!inicio) return { motivo: 'Sesión sin started válido' };
  const actualizado = o.timestamp === undefined ? ahora : instante(o.timestamp, ahora);
  if (!actualizado) return { motivo: 'Sesión con timestamp inválido' };
  const attrs = atributos(o);
  if (typeof attrs === 'string') return { motivo: attrs };
  const usuario = typeof o.did === 'number' && Number.isFinite(o.did) ? String(o.did) : texto(o.did);
  const crashed = estado === 'crashed' ? 1 : 0;
  const abnormal = estado === 'abnormal' ? 1 : 0;
  // A session that ended (or goes on) with errors but neither crashed nor was cut short.
  const errored = !crashed && !abnormal && (estado === 'errored' || errores > 0) ? 1 : 0;
  return {
    filas: [{ sid, inicio, actualizado, ...attrs, usuario, sesiones: 1, errored, abnormal, crashed }],
  };
}

/** A `sessions` item's JSON: one row per aggregate with sessions. */
export function agregadosDe(raw: unknown, ahora: Date): ItemSesiones {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { motivo: 'Sesiones ilegibles' };
  const o = raw as Record<string, unknown>;
  if (!Array.isArray(o.aggregates)) return { motivo: 'Sesiones sin aggregates' };
  const attrs = atributos(o);
  if (typeof attrs === 'string') return { motivo: attrs };
  const filas: FilaSesion[] = [];
  for (const a of o.aggregates.slice(0, MAX_AGREGADOS)) {
    if (a === null || typeof a !== 'object') return { motivo: 'Agregado de sesiones inválido' };
    const g = a as Record<string, unknown>;
    const inicio = instante(g.started, ahora);
    const [exited, errored, abnormal, crashed] = [g.exited, g.errored, g.abnormal, g.crashed].map(conteo);
    if (!inicio || exited === undefined || errored === undefined || abnormal === undefined || crashed === undefined)
      return { motivo: 'Agregado de sesiones inválido' };
    const sesiones = exited + errored + abnormal + crashed;
    // The integer column's bound: more than that in a minute is not a count.
    if (sesiones > 2_000_000_000) return { motivo: 'Agregado de sesiones inválido' };
    if (sesiones === 0) continue;
    const usuario = typeof g.did === 'number' && Number.isFinite(g.did) ? String(g.did) : texto(g.did);
    filas.push({ sid: null, inicio, actualizado: ahora, ...attrs, usuario, sesiones, errored, abnormal, crashed });
  }
  return { filas };
}

/** Stores the rows: a session seen before is rewritten, unless the stored state is newer (an update sent late). */
export async function guardarSesiones(db: Executor, proyectoId: number, filas: FilaSesion[]): Promise<void> {
  // One statement may not touch a row twice: of a session's updates sent together, the newest (the last on a tie).
  const ultimas = new Map<string, FilaSesion>();
  const unicas: FilaSesion[] = [];
  for (const f of filas) {
    if (f.sid === null) unicas.push(f);
    else {
      const clave = `${f.sid}|${f.inicio.getTime()}`;
      const previa = ultimas.get(clave);
      if (!previa || f.actualizado >= previa.actualizado) ultimas.set(clave, f);
    }
  }
  unicas.push(...ultimas.values());
  if (unicas.length === 0) return;
  const t = insightsSesiones;
  await db
    .insert(t)
    .values(unicas.map((f) => ({ proyectoId, ...f })))
    .onConflictDoUpdate({
      target: [t.proyectoId, t.sid, t.inicio],
      set: {
        actualizado: sql`excluded.actualizado`,
        release: sql`excluded.release`,
        environment: sql`excluded.environment`,
        usuario: sql`coalesce(excluded.usuario, ${t.usuario})`,
        errored: sql`excluded.errored`,
        abnormal: sql`excluded.abnormal`,
        crashed: sql`excluded.crashed`,
      },
      setWhere: sql`excluded.actualizado >= ${t.actualizado}`,
    });
}

/** A `session` or `sessions` envelope item, read. */
export function itemDeSesiones(tipo: 'session' | 'sessions', payload: Buffer, ahora: Date): ItemSesiones {
  let raw: unknown;
  try {
    raw = JSON.parse(payload.toString('utf8'));
  } catch {
    return { motivo: tipo === 'session' ? 'Sesión ilegible' : 'Sesiones ilegibles' };
  }
  return tipo === 'session' ? sesionDe(raw, ahora) : agregadosDe(raw, ahora);
}
