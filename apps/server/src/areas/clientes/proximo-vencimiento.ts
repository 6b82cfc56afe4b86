import { sql, type SQL } from 'drizzle-orm';

/**
 * THE ONE PLACE the client list learns its next expiry (AREAS.md: "next expiry" column): the earliest due date
 * of the client's dated items over both expiry grids, from the Vencimientos sections' views `vencimientos` and
 * `vencimientos_proximo` (expired items included, so an expired certificate shows red). Written with the table
 * name `"empresas"."id"`: drizzle leaves single-table columns unqualified. The list, its sort, the detail and
 * the CSV read only these.
 *
 * - `proximoVencimientoJson`: `{fecha: 'yyyy-mm-dd', tipo, item}` or null (contract `proximoVencimiento`).
 * - `proximoVencimientoFecha`: the same date, for sorting; null sorts last.
 */
export const proximoVencimientoJson = (): SQL<{ fecha: string; tipo: string; item: string } | null> =>
  sql<{ fecha: string; tipo: string; item: string } | null>`(select jsonb_build_object('fecha', v.vence, 'tipo', v.tipo, 'item', v.item) from vencimientos v where v.empresa_id = "empresas"."id" order by v.vence, v.id limit 1)`;

export const proximoVencimientoFecha = (): SQL<string | null> => sql<string | null>`(select p.vence from vencimientos_proximo p where p.empresa_id = "empresas"."id")`;
