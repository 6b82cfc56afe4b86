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
import { ENTIDAD_PROYECTO, existeProyecto } from '../proyectos.ts';

// Release health: per release, of the sessions started in a period, how many crashed and how many users saw a
// crash; the release's share of the project's sessions (adoption); and the sessions per UTC day.

const DIA_MS = 86_400_000;
const n = (v: string | number | null | undefined) => Number(v ?? 0);
/** A percentage with two decimals. */
const pct = (parte: number, total: number) => Math.round((parte / total) * 10_000) / 100;

interface FilaResumen extends Record<string, unknown> {
  release: string;
  sesiones: string | number;
  crashed: string | number;
  abnormal: string | number;
  errored: string | number;
  usuarios: string | number;
  usuarios_crashed: string | number;
}

function resumenDe(f: FilaResumen, total: number): SaludResumen {
  const sesiones = n(f.sesiones);
  const crashed = n(f.crashed);
  const usuarios = n(f.usuarios);
  const usuariosCrashed = n(f.usuarios_crashed);
  return {
    sesiones,
    crashed,
    abnormal: n(f.abnormal),
    errored: n(f.errored),
    usuarios,
    usuarios_crashed: usuariosCrashed,
    crash_free_sesiones: sesiones > 0 ? pct(sesiones - crashed, sesiones) : null,
    crash_free_usuarios: usuarios > 0 ? pct(usuarios - usuariosCrashed, usuarios) : null,
    adopcion: total > 0 ? pct(sesiones, total) : null,
  };
}

/** Per release, its sessions started since `desde`; the total is the project's. */
async function resumenes(db: Executor, proyectoId: number, desde: Date) {
  // A user is counted once per release; one of whose sessions crashed counts as a crashed user.
  const { rows } = await db.execute<FilaResumen>(sql`
    select release, sum(sesiones) as sesiones, sum(crashed) as crashed, sum(abnormal) as abnormal,
           sum(errored) as errored, count(distinct usuario) as usuarios,
           count(distinct usuario) filter (where crashed > 0) as usuarios_crashed
      from insights_sesiones
     where proyecto_id = ${proyectoId} and inicio >= ${desde}
     group by release`);
  const total = rows.reduce((s, f) => s + n(f.sesiones), 0);
  return { rows, total };
}

/** Each release's health over the last `dias` days, for the releases list (null for those without sessions). */
export async function saludDeReleases(
  db: Executor,
  proyectoId: number,
  dias: number,
  ahora = new Date(),
): Promise<Map<string, SaludResumen>> {
  const { rows, total } = await resumenes(db, proyectoId, new Date(ahora.getTime() - dias * DIA_MS));
  return new Map(rows.map((f) => [f.release, resumenDe(f, total)]));
}

/** The project's crash-free alert: its own, or the default. */
export async function alertaDeSalud(db: Executor, proyectoId: number): Promise<SaludAlerta> {
  const [fila] = await db.select().from(insightsSaludAlertas).where(eq(insightsSaludAlertas.proyectoId, proyectoId));
  return fila ? { umbral: fila.umbral, minimo_sesiones: fila.minimoSesiones } : SALUD_ALERTA_DEFECTO;
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
    const valores = { umbral: a.umbral, minimoSesiones: a.minimo_sesiones };
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

/** The project's releases' health over the last `dias` × 24 hours, with their sessions per UTC day. */
export async function saludDeProyecto(
  db: Executor,
  proyectoId: number,
  dias: number,
  ahora = new Date(),
): Promise<SaludProyecto> {
  await existeProyecto(db, proyectoId);
  const desde = new Date(ahora.getTime() - dias * DIA_MS);
  const { rows, total } = await resumenes(db, proyectoId, desde);
  const { rows: porDia } = await db.execute<{
    release: string;
    dia: string;
    sesiones: string | number;
    crashed: string | number;
    abnormal: string | number;
    errored: string | number;
  }>(sql`
    select release, to_char(inicio at time zone 'UTC', 'YYYY-MM-DD') as dia, sum(sesiones) as sesiones,
           sum(crashed) as crashed, sum(abnormal) as abnormal, sum(errored) as errored
      from insights_sesiones
     where proyecto_id = ${proyectoId} and inicio >= ${desde}
     group by 1, 2`);
  // Every UTC day of the period, so the chart shows the days without sessions as such.
  const dias_: string[] = [];
  for (let d = Date.parse(desde.toISOString().slice(0, 10)); d <= ahora.getTime(); d += DIA_MS)
    dias_.push(new Date(d).toISOString().slice(0, 10));
  const series = new Map<string, Map<string, SaludDia>>();
  for (const f of porDia) {
    const s = series.get(f.release) ?? new Map<string, SaludDia>();
    series.set(f.release, s);
    s.set(f.dia, {
      dia: f.dia,
      sesiones: n(f.sesiones),
      crashed: n(f.crashed),
      abnormal: n(f.abnormal),
      errored: n(f.errored),
    });
  }
  const releases: SaludRelease[] = rows
    .map((f) => ({
      version: f.release,
      ...resumenDe(f, total),
      serie: dias_.map(
        (dia) => series.get(f.release)?.get(dia) ?? { dia, sesiones: 0, crashed: 0, abnormal: 0, errored: 0 },
      ),
    }))
    .sort((a, b) => b.sesiones - a.sesiones || a.version.localeCompare(b.version));
  return {
    dias,
    desde: desde.toISOString(),
    sesiones: total,
    alerta: await alertaDeSalud(db, proyectoId),
    releases,
  };
}

/**
 * The monitor's crash-free alert, a part of its alert query (alertas.ts): a release whose sessions of the last
 * 24 hours are fewer than the project's `umbral` % crash-free, with at least its minimum of sessions; at most once
 * a day per release. Read per project through insights_sesiones_proyecto_idx.
 */
const UMBRAL = sql.raw(String(SALUD_ALERTA_DEFECTO.umbral));
const MINIMO = sql.raw(String(SALUD_ALERTA_DEFECTO.minimo_sesiones));
export const alertaSaludSql = sql`
      select 'monitor:salud:' || p.id || ':' || s.release || ':' || to_char(now() at time zone 'UTC', 'YYYY-MM-DD'),
             p.id, null, p.id,
             'Caídas en ' || p.nombre || ' ' || s.release || ': '
               || trim_scale(round(100.0 * (s.sesiones - s.crashed) / s.sesiones, 2))
               || ' % de sesiones sin caídas en 24 h (umbral ' || trim_scale(round(coalesce(a.umbral, ${UMBRAL})::numeric, 2)) || ' %)',
             '/insights/proyectos/' || p.id || '?tab=releases'
        from insights_proyectos p
        left join insights_salud_alertas a on a.proyecto_id = p.id
        cross join lateral (
          select x.release, sum(x.sesiones) as sesiones, sum(x.crashed) as crashed from insights_sesiones x
           where x.proyecto_id = p.id and x.inicio > now() - interval '24 hours'
           group by x.release) s
       where s.sesiones >= coalesce(a.minimo_sesiones, ${MINIMO})
         and 100.0 * (s.sesiones - s.crashed) / s.sesiones < coalesce(a.umbral, ${UMBRAL})`;
