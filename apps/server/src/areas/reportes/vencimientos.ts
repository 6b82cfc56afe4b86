import type { ReporteFila, ReporteParams } from '@intranet/contract/areas/reportes';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sitiosVencimientos, vencimientos } from '../../db/schema.ts';
import type { Contexto } from './contexto.ts';
import { filas, finMes, mesDeFecha, mesesSerie, primerDia } from './sql.ts';

/**
 * What falls due in each month of the range: AFIP certificates, CAI points of sale and live Physis licences (the
 * expiry grids' view), and, only for callers who may read sites, their SSL certificates and domains.
 */
export function vencimientosPorMes(
  db: Executor,
  p: ReporteParams<'vencimientos-por-mes'>,
  ctx: Contexto,
): Promise<ReporteFila[]> {
  const desde = primerDia(p.desde);
  const hasta = finMes(p.hasta);
  const sitios = ctx.puede('SUBPROD#VER');
  return filas(
    db,
    sql`
    select to_char(m.mes, 'YYYY-MM') as mes,
           coalesce(v.certificados, 0) as certificados, coalesce(v.cai, 0) as cai, coalesce(v.licencias, 0) as licencias
           ${sitios ? sql`, coalesce(s.ssl, 0) as ssl, coalesce(s.dominios, 0) as dominios` : sql``}
      from ${mesesSerie(p.desde, p.hasta)}
      left join (
        select ${mesDeFecha(sql`x.vence`)} as mes,
               (count(*) filter (where x.tipo = 'certificado'))::int as certificados,
               (count(*) filter (where x.tipo = 'punto_venta'))::int as cai,
               (count(*) filter (where x.tipo = 'licencia'))::int as licencias
          from ${vencimientos} x
         where x.vence >= ${desde} and x.vence < ${hasta}
           ${p.empresa_id ? sql`and x.empresa_id = ${p.empresa_id}` : sql``}
         group by 1
      ) v on v.mes = m.mes
      ${
        sitios
          ? sql`left join (
        select ${mesDeFecha(sql`y.vence`)} as mes,
               (count(*) filter (where y.tipo = 'ssl'))::int as ssl,
               (count(*) filter (where y.tipo = 'dominio'))::int as dominios
          from ${sitiosVencimientos} y
         where y.vence >= ${desde} and y.vence < ${hasta}
           ${p.empresa_id ? sql`and y.empresa_id = ${p.empresa_id}` : sql``}
         group by 1
      ) s on s.mes = m.mes`
          : sql``
      }
     order by m.mes`,
  );
}
