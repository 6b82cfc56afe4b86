import {
  SALUD_ALERTA_DEFECTO,
  type SaludAlerta,
  type SaludDia,
  type SaludProyecto,
  type SaludRelease,
  type SaludResumen,
} from '@intranet/contract/areas/insights';
import { eq, sql } from 'drizzle-orm';
import { type Autor, writeAudit } from '../../../db/audit.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { insightsSaludAlertas } from '../../../db/schema.ts';
import { columnValues, wireRow } from '../../../db/wire.ts';
import { ENTIDAD_PROYECTO, existeProyecto } from '../proyectos.ts';

// Release health: per release, of the sessions started in a period, how many crashed and how many users saw a
// crash; the release's share of the project's sessions (adoption); and the sessions per UTC day. Read from the
// hourly rollup the intake keeps (insights_sesiones_horas): a period starts at the hour `dias` × 24 hours ago.

const DIA_MS = 86_400_000;
const HORA_MS = 3_600_000;
const n = (v: string | number | null | undefined) => Number(v ?? 0);
/** A percentage with two decimals. */
const pct = (parte: number, total: number) => Math.round((parte / total) * 10_000) / 100;
/** The rollup's rows across every environment (users) and of the sessions without one. */
const TODOS = '';

interface Cuentas {
  sesiones: number;
  crashed: number;
  abnormal: number;
  errored: number;
  usuarios: number;
  usuarios_crashed: number;
}

function resumenDe(f: Cuentas, total: number): SaludResumen {
  const { sesiones, crashed, usuarios, usuarios_crashed } = f;
  return {
    ...f,
    crash_free_sesiones: sesiones > 0 ? pct(sesiones - crashed, sesiones) : null,
    crash_free_usuarios: usuarios > 0 ? pct(usuarios - usuarios_crashed, usuarios) : null,
    adopcion: total > 0 ? pct(sesiones, total) : null,
  };
}

interface Periodo {
  desde: Date;
  /** Per release, its sums and its UTC days' ('YYYY-MM-DD'). */
  releases: Map<string, { total: Cuentas; dias: Map<string, SaludDia> }>;
  /** The project's sessions of the period. */
  total: number;
  /** The environments with sessions in the period. */
  entornos: string[];
}

const cero = (): Cuentas => ({ sesiones: 0, crashed: 0, abnormal: 0, errored: 0, usuarios: 0, usuarios_crashed: 0 });

/**
 * The project's sessions started since `desde` (rounded down to its hour), of one environment or of every one, per
 * release and UTC day: a few rows per release and day, whatever the sessions.
 */
async function periodo(db: Executor, proyectoId: number, desde_: Date, entorno?: string): Promise<Periodo> {
  const desde = new Date(Math.floor(desde_.getTime() / HORA_MS) * HORA_MS);
  const { rows } = await db.execute<{
    release: string;
    entorno: string;
    dia: string;
    sesiones: string | number;
    crashed: string | number;
    abnormal: string | number;
    errored: string | number;
    usuarios: string | number;
    usuarios_crashed: string | number;
  }>(sql`
    select release, entorno, to_char(hora at time zone 'UTC', 'YYYY-MM-DD') as dia, sum(sesiones) as sesiones,
           sum(crashed) as crashed, sum(abnormal) as abnormal, sum(errored) as errored, sum(usuarios) as usuarios,
           sum(usuarios_crashed) as usuarios_crashed
      from insights_sesiones_horas
     where proyecto_id = ${proyectoId} and hora >= ${desde}
     group by 1, 2, 3`);
  const releases: Periodo['releases'] = new Map();
  const entornos = new Set<string>();
  let total = 0;
  for (const f of rows) {
    const sesiones = n(f.sesiones);
    if (f.entorno !== TODOS && sesiones > 0) entornos.add(f.entorno);
    if (entorno !== undefined && f.entorno !== entorno) continue;
    let r = releases.get(f.release);
    if (!r) {
      r = { total: cero(), dias: new Map() };
      releases.set(f.release, r);
    }
    const c = { sesiones, crashed: n(f.crashed), abnormal: n(f.abnormal), errored: n(f.errored) };
    const dia = r.dias.get(f.dia) ?? { dia: f.dia, sesiones: 0, crashed: 0, abnormal: 0, errored: 0 };
    r.dias.set(f.dia, dia);
    for (const k of ['sesiones', 'crashed', 'abnormal', 'errored'] as const) {
      dia[k] += c[k];
      r.total[k] += c[k];
    }
    // Without a filter, the users are those across every environment (a user seen in two counts once).
    if (f.entorno === (entorno ?? TODOS)) {
      r.total.usuarios += n(f.usuarios);
      r.total.usuarios_crashed += n(f.usuarios_crashed);
    }
    total += sesiones;
  }
  // A release whose sessions all moved to another one (an update that changed it) has none left.
  for (const [version, r] of releases) if (r.total.sesiones <= 0) releases.delete(version);
  return { desde, releases, total, entornos: [...entornos].sort() };
}

/** Each release's health over the last `dias` days, for the releases list (null for those without sessions). */
export async function saludDeReleases(
  db: Executor,
  proyectoId: number,
  dias: number,
  ahora = new Date(),
): Promise<Map<string, SaludResumen>> {
  const p = await periodo(db, proyectoId, new Date(ahora.getTime() - dias * DIA_MS));
  return new Map([...p.releases].map(([version, r]) => [version, resumenDe(r.total, p.total)]));
}

/** The project's crash-free alert: its own, or the default. */
export async function alertaDeSalud(db: Executor, proyectoId: number): Promise<SaludAlerta> {
  const [fila] = await db.select().from(insightsSaludAlertas).where(eq(insightsSaludAlertas.proyectoId, proyectoId));
  if (!fila) return SALUD_ALERTA_DEFECTO;
  const { umbral, minimo_sesiones } = wireRow(insightsSaludAlertas, fila);
  return { umbral, minimo_sesiones };
}

/** Sets the project's crash-free alert, recorded in its history. */
export async function guardarAlertaDeSalud(
  db: Db,
  proyectoId: number,
  a: SaludAlerta,
  autor: Autor,
): Promise<SaludAlerta> {
  await db.transaction(async (tx) => {
    await existeProyecto(tx, proyectoId);
    const antes = await alertaDeSalud(tx, proyectoId);
    const valores = columnValues(insightsSaludAlertas, a);
    await tx
      .insert(insightsSaludAlertas)
      .values({ proyectoId, ...valores })
      .onConflictDoUpdate({ target: insightsSaludAlertas.proyectoId, set: valores });
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD_PROYECTO,
      entidadId: proyectoId,
      antes: { alerta_salud: antes },
      despues: { alerta_salud: a },
    });
  });
  return a;
}

/**
 * The project's releases' health over the last `dias` × 24 hours (from that hour), with their sessions per UTC day;
 * of one environment when `entorno` is given.
 */
export async function saludDeProyecto(
  db: Executor,
  proyectoId: number,
  dias: number,
  entorno?: string,
  ahora = new Date(),
): Promise<SaludProyecto> {
  await existeProyecto(db, proyectoId);
  const p = await periodo(db, proyectoId, new Date(ahora.getTime() - dias * DIA_MS), entorno);
  // Every UTC day of the period, so the chart shows the days without sessions as such.
  const dias_: string[] = [];
  for (let d = Date.parse(p.desde.toISOString().slice(0, 10)); d <= ahora.getTime(); d += DIA_MS)
    dias_.push(new Date(d).toISOString().slice(0, 10));
  const releases: SaludRelease[] = [...p.releases]
    .map(([version, r]) => ({
      version,
      ...resumenDe(r.total, p.total),
      serie: dias_.map((dia) => r.dias.get(dia) ?? { dia, sesiones: 0, crashed: 0, abnormal: 0, errored: 0 }),
    }))
    .sort((a, b) => b.sesiones - a.sesiones || a.version.localeCompare(b.version));
  return {
    dias,
    desde: p.desde.toISOString(),
    entorno: entorno ?? null,
    entornos: p.entornos,
    sesiones: p.total,
    alerta: await alertaDeSalud(db, proyectoId),
    releases,
  };
}

/**
 * The monitor's crash-free alert, a part of its alert query (alertas.ts): a release whose sessions of the last
 * 24 hours are fewer than the project's `umbral` % crash-free, with at least its minimum of sessions; at most once
 * a day per release. Read per project from the hourly rollup: the hours from the one 24 hours ago, every
 * environment.
 */
const UMBRAL = sql.raw(String(SALUD_ALERTA_DEFECTO.umbral));
const MINIMO = sql.raw(String(SALUD_ALERTA_DEFECTO.minimo_sesiones));
export const alertaSaludSql = sql`
      select 'monitor:salud:' || p.id || ':' || s.release || ':' || to_char(now() at time zone 'UTC', 'YYYY-MM-DD'),
             p.id, null, p.id,
             'Caídas en ' || p.nombre || ' ' || s.release || ': '
               || trim_scale(round(100.0 * (s.sesiones - s.crashed) / s.sesiones, 2))
               || ' % de sesiones sin caídas en 24 h (umbral '
               || trim_scale(round(coalesce(a.umbral, ${UMBRAL})::numeric, 2)) || ' %)',
             '/insights/proyectos/' || p.id || '?tab=releases'
        from insights_proyectos p
        left join insights_salud_alertas a on a.proyecto_id = p.id
        cross join lateral (
          select x.release, sum(x.sesiones) as sesiones, sum(x.crashed) as crashed from insights_sesiones_horas x
           where x.proyecto_id = p.id and x.hora >= date_trunc('hour', now() - interval '24 hours', 'UTC')
           group by x.release) s
       where s.sesiones > 0 and s.sesiones >= coalesce(a.minimo_sesiones, ${MINIMO})
         and 100.0 * (s.sesiones - s.crashed) / s.sesiones < coalesce(a.umbral, ${UMBRAL})`;
