import type { Vencimiento, VencimientoGrupo, VencimientoMeses } from '@intranet/contract/clientes/vencimientos';
import { diasRestantesTexto, VENCIMIENTO_TIPO_ETIQUETA } from '@intranet/contract/clientes/vencimientos';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { empresas, vencimientoRenovaciones, vencimientos } from '../../../db/schema.ts';
import type { CsvColumn } from '../../../lists/csv.ts';
import { contarHasta, type ListSource, type ListSpec } from '../../../lists/list.ts';
import { HOY } from '../../../core/fechas.ts';
import { dias, type ListQuery } from './queries.ts';

// The expiry grids (AFIP and Physis) and their month chart, over the vencimientos view.

/** What the grids and their month chart read: their cached answers are dropped when one changes. */
export const VENCIMIENTOS_TABLAS = ['afip_certificados', 'afip_puntos_venta', 'physis_licencias', 'empresas', 'productos'] as const;

export const vencimientosList: ListSpec<ListQuery> = {
  search: sql`(${empresas.razonSocial} || ' ' || coalesce(${empresas.nombreFantasia}, '') || ' ' || ${empresas.cuit} || ' ' || ${vencimientos.item})`,
  sorts: {
    vence: vencimientos.vence,
    cliente: empresas.razonSocial,
    cuit: empresas.cuit,
    tipo: vencimientos.tipo,
    item: vencimientos.item,
  },
  defaultSort: 'vence',
  id: vencimientos.id,
  filters: (q) => [
    eq(vencimientos.grupo, q.grupo),
    q.tipo ? eq(vencimientos.tipo, q.tipo) : undefined,
    q.empresa_id ? eq(vencimientos.empresaId, q.empresa_id) : undefined,
    plazoWhere(q.plazo),
  ],
};

function plazoWhere(plazo: ListQuery['plazo']): SQL | undefined {
  if (!plazo || plazo === 'todos') return undefined;
  if (plazo === 'vencidos') return sql`${vencimientos.vence} < ${HOY}`;
  return sql`${vencimientos.vence} between ${HOY} and ${HOY} + ${Number(plazo)}::int`;
}

const renovacionesCount = sql<number>`(select count(*)::int from ${vencimientoRenovaciones} r where r.tipo = ${vencimientos.tipo} and r.item_id = ${vencimientos.itemId})`;

export const filaGrid = {
  id: vencimientos.id,
  tipo: vencimientos.tipo,
  item_id: vencimientos.itemId,
  empresa_id: vencimientos.empresaId,
  cliente: empresas.razonSocial,
  cuit: empresas.cuit,
  item: vencimientos.item,
  detalle: vencimientos.detalle,
  vence: vencimientos.vence,
  dias,
  renovaciones: renovacionesCount,
};

/**
 * The grid's rows and total. The total joins the clients only when the free search needs their name or CUIT
 * (every item has its client: the join never drops a row), so the plain count reads the three tables alone.
 */
export const vencimientosSource = (db: Executor, conBusqueda = true): ListSource<Vencimiento> => ({
  rows: (f) =>
    db
      .select({ ...filaGrid, clave: f.clave })
      .from(vencimientos)
      .innerJoin(empresas, eq(empresas.id, vencimientos.empresaId))
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset),
  count: async (where) =>
    (conBusqueda
      ? await db.select({ n: count() }).from(vencimientos).innerJoin(empresas, eq(empresas.id, vencimientos.empresaId)).where(where)
      : await db.select({ n: count() }).from(vencimientos).where(where))[0]?.n ?? 0,
  countUpTo: (where, limite) =>
    contarHasta(
      db,
      conBusqueda
        ? db.select({ id: vencimientos.id }).from(vencimientos).innerJoin(empresas, eq(empresas.id, vencimientos.empresaId)).where(where).limit(limite)
        : db.select({ id: vencimientos.id }).from(vencimientos).where(where).limit(limite),
    ),
});

export const vencimientosCsv: CsvColumn<Vencimiento>[] = [
  { titulo: 'Cliente', valor: (v) => v.cliente },
  { titulo: 'CUIT', valor: (v) => v.cuit },
  { titulo: 'Tipo', valor: (v) => VENCIMIENTO_TIPO_ETIQUETA[v.tipo] },
  { titulo: 'Ítem', valor: (v) => v.item },
  { titulo: 'Detalle', valor: (v) => v.detalle },
  { titulo: 'Vence', valor: (v) => v.vence },
  { titulo: 'Días restantes', valor: (v) => v.dias },
  { titulo: 'Estado', valor: (v) => diasRestantesTexto(v.dias) },
];

/** How many items of a grid are already expired, and how many fall due in each of the next `meses` months. */
export async function vencimientosPorMes(db: Executor, grupo: VencimientoGrupo, meses = 12): Promise<VencimientoMeses> {
  const mes = sql<string>`to_char(${vencimientos.vence}, 'YYYY-MM')`;
  const rows = await db
    .select({ mes, cantidad: count() })
    .from(vencimientos)
    .where(
      and(
        eq(vencimientos.grupo, grupo),
        sql`${vencimientos.vence} >= ${HOY}`,
        sql`${vencimientos.vence} < date_trunc('month', ${HOY}) + make_interval(months => ${meses})`,
      ),
    )
    .groupBy(mes);
  const [vencidos] = await db
    .select({ n: count() })
    .from(vencimientos)
    .where(and(eq(vencimientos.grupo, grupo), sql`${vencimientos.vence} < ${HOY}`));
  const [hoy] = (await db.execute<{ mes: string }>(sql`select to_char(${HOY}, 'YYYY-MM') as mes`)).rows;
  const [y, m] = (hoy?.mes ?? '2000-01').split('-').map(Number) as [number, number];
  const porMes = new Map(rows.map((r) => [r.mes, r.cantidad]));
  return {
    vencidos: vencidos?.n ?? 0,
    meses: Array.from({ length: meses }, (_, i) => {
      const total = y * 12 + (m - 1) + i;
      const key = `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
      return { mes: key, cantidad: porMes.get(key) ?? 0 };
    }),
  };
}
