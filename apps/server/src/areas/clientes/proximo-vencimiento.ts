import { sql, type SQL } from 'drizzle-orm';
import { clientes } from '../../db/schema.ts';

/**
 * THE ONE PLACE the client list learns its next expiry (its "next expiry" column): the earliest due date
 * of the client's dated items over both expiry grids (expired items included, so an expired certificate shows
 * red), kept on the client by triggers from the grids' table `vencimientos` (migration 0040). Written with the
 * table name `"empresas"."id"`: drizzle leaves single-table columns unqualified. The list, its sort, the detail
 * and the CSV read only these.
 *
 * - `proximoVencimientoJson`: `{fecha: 'yyyy-mm-dd', tipo, item}` or null (contract `proximoVencimiento`), for
 *   the rows shown: their first grid row, by the index on (empresa_id, vence, id).
 * - `proximoVencimientoOrden`: the kept date, for sorting (on its index); none sorts last.
 * - `proximoVencimientoTexto`: the kept date as yyyy-mm-dd, for the CSV.
 */
export const proximoVencimientoJson = (): SQL<{ fecha: string; tipo: string; item: string } | null> =>
  sql<{
    fecha: string;
    tipo: string;
    item: string;
  } | null>`(select jsonb_build_object('fecha', v.vence, 'tipo', v.tipo, 'item', v.item)
    from vencimientos v where v.empresa_id = "empresas"."id"
    order by v.vence, v.id limit 1)`;

export const proximoVencimientoOrden = (): SQL<string> =>
  sql<string>`coalesce(${clientes.proximoVencimiento}, 'infinity'::date)`;

export const proximoVencimientoTexto = (): SQL<string | null> =>
  sql<string | null>`to_char(${clientes.proximoVencimiento}, 'YYYY-MM-DD')`;
