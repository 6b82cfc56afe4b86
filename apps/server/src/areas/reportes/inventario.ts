import {
  DESARROLLO_ESTADO_NOMBRES,
  DESARROLLO_ESTADOS,
  DESARROLLO_PRIORIDADES,
} from '@intranet/contract/areas/desarrollos';
import { MAQUINA_ESTADO_NOMBRES, MAQUINA_ESTADOS, MAQUINA_TIPOS } from '@intranet/contract/areas/maquinas';
import type { ReporteFila, ReporteParams } from '@intranet/contract/areas/reportes';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { desarrollos, maquinas } from '../../db/schema.ts';
import { HOY } from '../../core/fechas.ts';
import { filas, textos } from './sql.ts';

// ---- Reports that count records by state (machines PHY-MAQ#TODO, developments SER#VER) ----

/** One count per value of `columna` among `valores` (a column each), for `alias` rows. */
const conteos = (alias: string, columna: string, valores: readonly string[]): SQL =>
  sql.join(
    valores.map(
      (v) =>
        sql`(count(${sql.raw(`${alias}.id`)}) filter (where ${sql.raw(`${alias}.${columna}`)} = ${v}))::int
          as ${sql.identifier(v)}`,
    ),
    sql`, `,
  );

/** Every state in its contract order, those without records too, its name instead of its key. */
const conNombre = (rows: ReporteFila[], nombres: Readonly<Record<string, string>>): ReporteFila[] =>
  rows.map((r) => ({ ...r, estado: nombres[String(r.estado)] ?? r.estado ?? null }));

/** Machines in each state, by type; `garantia` keeps those under warranty today, or those without one. */
export async function maquinasPorEstado(db: Executor, p: ReporteParams<'maquinas-por-estado'>): Promise<ReporteFila[]> {
  const garantia =
    p.garantia === 'vigente'
      ? sql`and m.garantia_hasta >= ${HOY}`
      : p.garantia === 'vencida'
        ? sql`and (m.garantia_hasta is null or m.garantia_hasta < ${HOY})`
        : sql``;
  const rows = await filas(
    db,
    sql`
    select e.estado, ${conteos('m', 'tipo', MAQUINA_TIPOS)}, count(m.id)::int as total
      from unnest(${textos(MAQUINA_ESTADOS)}) with ordinality as e(estado, orden)
      left join ${maquinas} m on m.estado = e.estado ${garantia}
     group by e.estado, e.orden
     order by e.orden`,
  );
  return conNombre(rows, MAQUINA_ESTADO_NOMBRES);
}

/** Developments in each state, by priority, with the hours estimated and spent. */
export async function desarrollosPorEstado(
  db: Executor,
  p: ReporteParams<'desarrollos-por-estado'>,
): Promise<ReporteFila[]> {
  const rows = await filas(
    db,
    sql`
    select e.estado, ${conteos('d', 'prioridad', DESARROLLO_PRIORIDADES)}, count(d.id)::int as total,
           coalesce(sum(d.horas_estimadas), 0)::float8 as horas_estimadas,
           coalesce(sum(d.horas_reales), 0)::float8 as horas_reales
      from unnest(${textos(DESARROLLO_ESTADOS)}) with ordinality as e(estado, orden)
      left join ${desarrollos} d on d.estado = e.estado
           ${p.producto_id ? sql`and d.producto_id = ${p.producto_id}` : sql``}
           ${p.empresa_id ? sql`and d.empresa_id = ${p.empresa_id}` : sql``}
     group by e.estado, e.orden
     order by e.orden`,
  );
  return conNombre(rows, DESARROLLO_ESTADO_NOMBRES);
}
