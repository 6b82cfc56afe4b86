import {
  SITIO_VENCIMIENTO_TIPO_ETIQUETA,
  type SitioVencimiento,
  type sitioVencimientoListQuery,
} from '@intranet/contract/areas/sitios';
import {
  diasRestantesTexto,
  ESTADO_ETIQUETA,
  estadoVencimiento,
  type VencimientoMeses,
} from '@intranet/contract/areas/clientes/vencimientos';
import { count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { clientes, sitios, sitiosVencimientos } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import type { ListSource, ListSpec } from '../../lists/list.ts';
import { HOY } from '../../core/fechas.ts';

// ---- The site-expiry grid: every SSL certificate and domain of the sites not retired (view sitios_vencimientos) ----

type ListQuery = Omit<z.output<typeof sitioVencimientoListQuery>, 'page' | 'size'>;

const v = sitiosVencimientos;
const dias = sql<number>`(${v.vence} - ${HOY})::int`;

function plazoWhere(plazo: ListQuery['plazo']): SQL | undefined {
  if (!plazo || plazo === 'todos') return undefined;
  if (plazo === 'vencidos') return sql`${v.vence} < ${HOY}`;
  return sql`${v.vence} between ${HOY} and ${HOY} + ${Number(plazo)}::int`;
}

export const sitiosVencimientosList: ListSpec<ListQuery> = {
  search: sql`(${sitios.nombre} || ' ' || ${sitios.url} || ' ' || coalesce(${clientes.razonSocial}, ''))`,
  sorts: {
    vence: v.vence,
    nombre: sitios.nombre,
    cliente: sql`coalesce(${clientes.razonSocial}, '')`,
    tipo: v.tipo,
  },
  defaultSort: 'vence',
  id: v.id,
  filters: (q) => [
    q.tipo ? eq(v.tipo, q.tipo) : undefined,
    q.empresa_id ? eq(v.clienteId, q.empresa_id) : undefined,
    q.propios === undefined ? undefined : q.propios ? isNull(v.clienteId) : isNotNull(v.clienteId),
    plazoWhere(q.plazo),
  ],
};

const filaGrid = {
  ...wireColumns(v, ['id', 'sitio_id', 'tipo']),
  nombre: sitios.nombre,
  url: sitios.url,
  ...wireColumns(v, ['empresa_id']),
  cliente: clientes.razonSocial,
  detalle: sql<string | null>`case ${v.tipo} when 'ssl' then ${sitios.sslEmisor} else ${sitios.registrador} end`,
  vence: v.vence,
  dias,
};

export const sitiosVencimientosSource = (db: Executor): ListSource<SitioVencimiento> => ({
  rows: (f) =>
    db
      .select({ ...filaGrid, sortKey: f.sortKey })
      .from(v)
      .innerJoin(sitios, eq(sitios.id, v.sitioId))
      .leftJoin(clientes, eq(clientes.id, v.clienteId))
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset),
  count: async (where) =>
    (
      await db
        .select({ n: count() })
        .from(v)
        .innerJoin(sitios, eq(sitios.id, v.sitioId))
        .leftJoin(clientes, eq(clientes.id, v.clienteId))
        .where(where)
    )[0]?.n ?? 0,
});

export const sitiosVencimientosCsv: CsvColumn<SitioVencimiento>[] = [
  { titulo: 'Sitio', valor: (r) => r.nombre },
  { titulo: 'URL', valor: (r) => r.url },
  { titulo: 'Cliente', valor: (r) => r.cliente ?? 'Propio' },
  { titulo: 'Tipo', valor: (r) => SITIO_VENCIMIENTO_TIPO_ETIQUETA[r.tipo] },
  { titulo: 'Emisor / registrador', valor: (r) => r.detalle },
  { titulo: 'Vence', valor: (r) => r.vence },
  { titulo: 'Días restantes', valor: (r) => r.dias },
  { titulo: 'Estado', valor: (r) => `${ESTADO_ETIQUETA[estadoVencimiento(r.dias)]} (${diasRestantesTexto(r.dias)})` },
];

/** Expired site expiries, and how many fall due in each of the next `meses` months (this one first). */
export async function sitiosVencimientosPorMes(db: Executor, meses = 12): Promise<VencimientoMeses> {
  const { rows } = await db.execute<{ mes: string; cantidad: number }>(sql`
    select to_char(m, 'YYYY-MM') as mes,
           (select count(*)::int from ${v} where ${v.vence} >= greatest(m::date, ${HOY})
              and ${v.vence} < (m + interval '1 month')::date) as cantidad
      from generate_series(date_trunc('month', ${HOY}::timestamp),
                           date_trunc('month', ${HOY}::timestamp) + make_interval(months => ${meses - 1}),
                           interval '1 month') as m
     order by m`);
  const [vencidos] = await db.select({ n: count() }).from(v).where(sql`${v.vence} < ${HOY}`);
  return { vencidos: vencidos?.n ?? 0, meses: rows.map((r) => ({ mes: r.mes, cantidad: Number(r.cantidad) })) };
}
