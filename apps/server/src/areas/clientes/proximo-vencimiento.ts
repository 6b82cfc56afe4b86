import { sql, type SQL } from 'drizzle-orm';

/**
 * THE ONE PLACE the client list learns its next expiry (AREAS.md: "next expiry" column). The Vencimientos
 * AFIP / Physis sections replace the two expressions below with a correlated lookup over their tables for
 * `"empresas"."id"` — written with the table name: drizzle leaves single-table columns unqualified (e.g. the earliest `vence` of the client's certificates and licences not yet renewed); the list,
 * its sort, the detail and the CSV read only these. Until those tables exist every client has none.
 *
 * - `proximoVencimientoJson`: `{fecha: 'yyyy-mm-dd', tipo, item}` or null (contract `proximoVencimiento`).
 * - `proximoVencimientoFecha`: the same date, for sorting; null sorts last.
 */
export const proximoVencimientoJson = (): SQL<{ fecha: string; tipo: string; item: string } | null> =>
  sql<{ fecha: string; tipo: string; item: string } | null>`(select null::jsonb where "empresas"."id" is not null)`;

export const proximoVencimientoFecha = (): SQL<string | null> => sql<string | null>`(select null::date where "empresas"."id" is not null)`;
