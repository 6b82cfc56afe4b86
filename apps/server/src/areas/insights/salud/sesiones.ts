import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../../db/client.ts';
import { insightsSesiones, insightsSesionesHoras, insightsSesionesUsuarios } from '../../../db/schema.ts';

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

/** The sessions an item read carries, as the project's limit counts them: at least one. */
export const sesionesDelItem = (filas: FilaSesion[]): number =>
  Math.max(
    1,
    filas.reduce((s, f) => s + f.sesiones, 0),
  );

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

const HORA_MS = 3_600_000;
const horaDe = (d: Date) => new Date(Math.floor(d.getTime() / HORA_MS) * HORA_MS);
/** The users' rows across every environment, and the rollup's rows of sessions without one. */
const TODOS = '';

/** A transaction-scoped advisory lock key (bigint) for a text, the same in every process. */
const claveDeLock = (texto_: string) =>
  BigInt.asIntN(64, BigInt(`0x${createHash('sha256').update(texto_).digest('hex').slice(0, 16)}`)).toString();

/** Takes the keys' advisory locks, in order (two writers never wait on each other in a cycle). */
async function bloquear(tx: Tx, claves: string[]): Promise<void> {
  if (claves.length === 0) return;
  const lista = [...new Set(claves.map(claveDeLock))].join(',');
  await tx.execute(
    sql`select pg_advisory_xact_lock(k) from unnest(string_to_array(${lista}, ',')::bigint[]) as k order by k`,
  );
}

interface Delta {
  hora: Date;
  release: string;
  entorno: string;
  sesiones: number;
  errored: number;
  abnormal: number;
  crashed: number;
  usuarios: number;
  usuariosCrashed: number;
}

/** The changes to insights_sesiones_horas an envelope makes, summed per row. */
class Deltas {
  private readonly filas = new Map<string, Delta>();
  sumar(hora: Date, release: string, entorno: string, d: Partial<Omit<Delta, 'hora' | 'release' | 'entorno'>>) {
    const clave = `${hora.getTime()}|${release}|${entorno}`;
    let f = this.filas.get(clave);
    if (!f) {
      f = { hora, release, entorno, sesiones: 0, errored: 0, abnormal: 0, crashed: 0, usuarios: 0, usuariosCrashed: 0 };
      this.filas.set(clave, f);
    }
    for (const [k, v] of Object.entries(d) as [keyof typeof d, number][]) f[k] += v;
  }
  /** The rows that change, in key order (writers lock them in the same order). */
  lista(): Delta[] {
    return [...this.filas.values()]
      .filter((f) => f.sesiones || f.errored || f.abnormal || f.crashed || f.usuarios || f.usuariosCrashed)
      .sort(
        (a, b) =>
          a.hora.getTime() - b.hora.getTime() ||
          (a.release < b.release ? -1 : a.release > b.release ? 1 : 0) ||
          (a.entorno < b.entorno ? -1 : a.entorno > b.entorno ? 1 : 0),
      );
  }
}

interface Visita {
  release: string;
  entorno: string;
  usuario: string;
  ultima: Date;
  ultimaCaida: Date | null;
}

const mayor = (a: Date | null, b: Date | null) => (a === null ? b : b === null || a >= b ? a : b);

/**
 * Stores the rows: a session seen before is rewritten, unless the stored state is newer (an update sent late).
 * In the same transaction, the rollups release health reads (insights_sesiones_horas, insights_sesiones_usuarios):
 * a session sent again takes its former state's counts away as it adds its new one, so it counts once, as it
 * ended. Each session, and each user of a release, is written under an advisory lock of its own, so two envelopes
 * about the same one never both count it as new.
 */
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
  await db.transaction(async (tx) => {
    const sids = [...ultimas.values()].map((f) => f.sid as string);
    await bloquear(
      tx,
      sids.map((sid) => `insights-sesion|${proyectoId}|${sid}`),
    );
    const previas = new Map<string, FilaSesion>();
    if (sids.length > 0) {
      const t = insightsSesiones;
      const filasPrevias = await tx
        .select({
          sid: t.sid,
          inicio: t.inicio,
          actualizado: t.actualizado,
          release: t.release,
          environment: t.environment,
          usuario: t.usuario,
          sesiones: t.sesiones,
          errored: t.errored,
          abnormal: t.abnormal,
          crashed: t.crashed,
        })
        .from(t)
        .where(and(eq(t.proyectoId, proyectoId), inArray(t.sid, sids)));
      for (const f of filasPrevias) previas.set(`${f.sid}|${f.inicio.getTime()}`, f);
    }

    const deltas = new Deltas();
    const visitas = new Map<string, Visita>();
    for (const f of unicas) {
      const previa = f.sid === null ? undefined : previas.get(`${f.sid}|${f.inicio.getTime()}`);
      // The stored state is newer: this update changes nothing.
      if (previa && previa.actualizado > f.actualizado) continue;
      const hora = horaDe(f.inicio);
      if (previa)
        deltas.sumar(hora, previa.release, previa.environment ?? TODOS, {
          sesiones: -previa.sesiones,
          errored: -previa.errored,
          abnormal: -previa.abnormal,
          crashed: -previa.crashed,
        });
      const { sesiones, errored, abnormal, crashed } = f;
      deltas.sumar(hora, f.release, f.environment ?? TODOS, { sesiones, errored, abnormal, crashed });
      const usuario = f.usuario ?? previa?.usuario ?? null;
      if (usuario === null) continue;
      for (const entorno of f.environment === null ? [TODOS] : [f.environment, TODOS]) {
        const clave = JSON.stringify([f.release, entorno, usuario]);
        const v = visitas.get(clave);
        const caida = crashed > 0 ? f.inicio : null;
        if (v) {
          v.ultima = mayor(v.ultima, f.inicio) as Date;
          v.ultimaCaida = mayor(v.ultimaCaida, caida);
        } else visitas.set(clave, { release: f.release, entorno, usuario, ultima: f.inicio, ultimaCaida: caida });
      }
    }

    if (visitas.size > 0) {
      await bloquear(
        tx,
        [...visitas.values()].map((v) => `insights-sesion-usuario|${proyectoId}|${v.release}|${v.usuario}`),
      );
      const u = insightsSesionesUsuarios;
      const lista = [...visitas.values()];
      const { rows: guardados } = await tx.execute<{
        release: string;
        entorno: string;
        usuario: string;
        ultima: string | Date;
        ultima_caida: string | Date | null;
      }>(sql`
        select u.release, u.entorno, u.usuario, u.ultima, u.ultima_caida
          from insights_sesiones_usuarios u
          join jsonb_to_recordset(${JSON.stringify(lista.map(({ release, entorno, usuario }) => ({ release, entorno, usuario })))}::jsonb)
               as x(release text, entorno text, usuario text)
            on u.release = x.release and u.entorno = x.entorno and u.usuario = x.usuario
         where u.proyecto_id = ${proyectoId}`);
      const fecha = (v: string | Date | null) => (v === null ? null : new Date(v));
      const antes = new Map(
        guardados.map((g) => [
          JSON.stringify([g.release, g.entorno, g.usuario]),
          { ultima: fecha(g.ultima) as Date, ultimaCaida: fecha(g.ultima_caida) },
        ]),
      );
      const cambian: Visita[] = [];
      for (const [clave, v] of visitas) {
        const g = antes.get(clave);
        const ultima = mayor(g?.ultima ?? null, v.ultima) as Date;
        const ultimaCaida = mayor(g?.ultimaCaida ?? null, v.ultimaCaida);
        // Each user is counted at the hour of their latest (crashed) session: moved there from the former one.
        const mover = (previa: Date | null, nueva: Date | null, campo: 'usuarios' | 'usuariosCrashed') => {
          if (nueva === null || (previa !== null && horaDe(previa).getTime() === horaDe(nueva).getTime())) return;
          if (previa !== null) deltas.sumar(horaDe(previa), v.release, v.entorno, { [campo]: -1 });
          deltas.sumar(horaDe(nueva), v.release, v.entorno, { [campo]: 1 });
        };
        mover(g?.ultima ?? null, ultima, 'usuarios');
        mover(g?.ultimaCaida ?? null, ultimaCaida, 'usuariosCrashed');
        if (!g || ultima > g.ultima || (ultimaCaida?.getTime() ?? 0) !== (g.ultimaCaida?.getTime() ?? 0))
          cambian.push({ ...v, ultima, ultimaCaida });
      }
      if (cambian.length > 0)
        await tx
          .insert(u)
          .values(cambian.map((v) => ({ proyectoId, ...v })))
          .onConflictDoUpdate({
            target: [u.proyectoId, u.release, u.entorno, u.usuario],
            set: { ultima: sql`excluded.ultima`, ultimaCaida: sql`excluded.ultima_caida` },
          });
    }

    const cambios = deltas.lista();
    if (cambios.length > 0) {
      const h = insightsSesionesHoras;
      const suma = (c: AnyPgColumn) => sql`${c} + excluded.${sql.identifier(c.name)}`;
      await tx
        .insert(h)
        .values(cambios.map((d) => ({ proyectoId, ...d })))
        .onConflictDoUpdate({
          target: [h.proyectoId, h.hora, h.release, h.entorno],
          set: {
            sesiones: suma(h.sesiones),
            errored: suma(h.errored),
            abnormal: suma(h.abnormal),
            crashed: suma(h.crashed),
            usuarios: suma(h.usuarios),
            usuariosCrashed: suma(h.usuariosCrashed),
          },
        });
    }

    const t = insightsSesiones;
    await tx
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
  });
}

/**
 * Fills a project's rollups from its sessions, for sessions written straight to insights_sesiones (the demo's,
 * the benches'): what the intake keeps as it stores them. The same as the migration that introduced them.
 */
export async function resumirSesiones(tx: Executor, proyectoId: number): Promise<void> {
  await tx.execute(sql`
    insert into insights_sesiones_horas (proyecto_id, hora, release, entorno, sesiones, errored, abnormal, crashed)
    select proyecto_id, date_trunc('hour', inicio, 'UTC'), release, coalesce(environment, ''),
           sum(sesiones), sum(errored), sum(abnormal), sum(crashed)
      from insights_sesiones where proyecto_id = ${proyectoId}
     group by 1, 2, 3, 4`);
  await tx.execute(sql`
    insert into insights_sesiones_usuarios (proyecto_id, release, entorno, usuario, ultima, ultima_caida)
    select s.proyecto_id, s.release, e.entorno, s.usuario, max(s.inicio), max(s.inicio) filter (where s.crashed > 0)
      from insights_sesiones s cross join lateral (values (s.environment), ('')) as e(entorno)
     where s.proyecto_id = ${proyectoId} and s.usuario is not null and e.entorno is not null
     group by 1, 2, 3, 4`);
  await tx.execute(sql`
    insert into insights_sesiones_horas as h (proyecto_id, hora, release, entorno, usuarios, usuarios_crashed)
    select u.proyecto_id, date_trunc('hour', x.t, 'UTC'), u.release, u.entorno,
           count(*) filter (where not x.caida), count(*) filter (where x.caida)
      from insights_sesiones_usuarios u
     cross join lateral (values (u.ultima, false), (u.ultima_caida, true)) as x(t, caida)
     where u.proyecto_id = ${proyectoId} and x.t is not null
     group by 1, 2, 3, 4
    on conflict (proyecto_id, hora, release, entorno) do update
       set usuarios = h.usuarios + excluded.usuarios,
           usuarios_crashed = h.usuarios_crashed + excluded.usuarios_crashed`);
}

/**
 * Retention of the rollups: the hours before the cut (that of `dias` days before `ahora`) and the users last seen
 * before it go, as their sessions do; a user's crash before it is forgotten (its hour's count went with the hour).
 */
export async function quitarResumenesViejos(db: Executor, dias: number, ahora = new Date()): Promise<void> {
  const corte = horaDe(new Date(ahora.getTime() - dias * 86_400_000));
  await db.delete(insightsSesionesHoras).where(lt(insightsSesionesHoras.hora, corte));
  await db.delete(insightsSesionesUsuarios).where(lt(insightsSesionesUsuarios.ultima, corte));
  await db
    .update(insightsSesionesUsuarios)
    .set({ ultimaCaida: null })
    .where(lt(insightsSesionesUsuarios.ultimaCaida, corte));
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
