import { ACTUALIZACION_RESULTADOS } from '@intranet/contract/areas/clientes/actualizaciones';
import type { ReporteFila, ReporteParams } from '@intranet/contract/areas/reportes';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { actualizaciones, paqueteDescargas, paquetes, productos } from '../../db/schema.ts';
import { enMeses, filas, finDia, inicioDia, mesDe, mesesSerie } from './sql.ts';

// ---- Reports of dated activity: downloads of installer packages (PACKS#VER), updates of clients (CLIENTES#VER) ----

/** Packages name their product by its name; a product filter matches that name. */
const delProducto = (productoId: number | undefined): SQL =>
  productoId
    ? sql`and lower(p.producto) = (select lower(pr.nombre) from ${productos} pr where pr.id = ${productoId})`
    : sql``;

/** Downloads in each month, and how many different packages were downloaded. */
export function descargasPorMes(db: Executor, p: ReporteParams<'descargas-por-mes'>): Promise<ReporteFila[]> {
  return filas(
    db,
    sql`
    select to_char(m.mes, 'YYYY-MM') as mes, coalesce(d.descargas, 0) as descargas, coalesce(d.paquetes, 0) as paquetes
      from ${mesesSerie(p.desde, p.hasta)}
      left join (
        select ${mesDe(sql`x.fecha`)} as mes, count(*)::int as descargas, count(distinct x.paquete_id)::int as paquetes
          from ${paqueteDescargas} x join ${paquetes} p on p.id = x.paquete_id
         where ${enMeses(sql`x.fecha`, p.desde, p.hasta)}
               ${p.canal === 'todos' ? sql`` : sql`and p.canal = ${p.canal}`}
               ${delProducto(p.producto_id)}
         group by 1
      ) d on d.mes = m.mes
     order by m.mes`,
  );
}

/** Downloads of each package between two days (both included), the most downloaded first. */
export function descargasPorPaquete(db: Executor, p: ReporteParams<'descargas-por-paquete'>): Promise<ReporteFila[]> {
  return filas(
    db,
    sql`
    select p.nombre as paquete, p.version, count(*)::int as descargas
      from ${paqueteDescargas} x join ${paquetes} p on p.id = x.paquete_id
     where x.fecha >= ${inicioDia(p.desde)} and x.fecha < ${finDia(p.hasta)} ${delProducto(p.producto_id)}
     group by p.id, p.nombre, p.version
     order by descargas desc, p.nombre, p.id`,
  );
}

/** Updates applied in each month, by result. */
export function actualizacionesPorMes(
  db: Executor,
  p: ReporteParams<'actualizaciones-por-mes'>,
): Promise<ReporteFila[]> {
  const porResultado = sql.join(
    ACTUALIZACION_RESULTADOS.map((r) => sql`coalesce(a.${sql.identifier(r)}, 0) as ${sql.identifier(r)}`),
    sql`, `,
  );
  const cuentas = sql.join(
    ACTUALIZACION_RESULTADOS.map((r) => sql`(count(*) filter (where x.resultado = ${r}))::int as ${sql.identifier(r)}`),
    sql`, `,
  );
  return filas(
    db,
    sql`
    select to_char(m.mes, 'YYYY-MM') as mes, ${porResultado}, coalesce(a.total, 0) as total
      from ${mesesSerie(p.desde, p.hasta)}
      left join (
        select ${mesDe(sql`x.fecha`)} as mes, ${cuentas}, count(*)::int as total
          from ${actualizaciones} x
         where ${enMeses(sql`x.fecha`, p.desde, p.hasta)}
               ${p.empresa_id ? sql`and x.empresa_id = ${p.empresa_id}` : sql``}
               ${p.producto_id ? sql`and x.producto_id = ${p.producto_id}` : sql``}
         group by 1
      ) a on a.mes = m.mes
     order by m.mes`,
  );
}
