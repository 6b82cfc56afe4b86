import type { Vencimiento, VencimientoGrupo, VencimientoMeses } from '@intranet/contract/areas/clientes/vencimientos';
import { diasRestantesTexto, VENCIMIENTO_TIPO_ETIQUETA } from '@intranet/contract/areas/clientes/vencimientos';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { MARCA_DE_GRILLA, vencimientoBusqueda, vencimientoRenovaciones, vencimientos } from '../../../db/schema.ts';
import { wireColumns } from '../../../db/wire.ts';
import { filasDe } from '../../../lists/conteos.ts';
import type { CsvColumnaSql } from '../../../lists/csv.ts';
import {
  contarFiltradas,
  pageOfMatches,
  type ListSource,
  type ListSpec,
  type TodasLasFilas,
} from '../../../lists/list.ts';
import { HOY } from '../../../core/fechas.ts';
import { dias, type ListQuery } from './queries.ts';

// The expiry grids (AFIP and Physis) and their month chart, over the kept table vencimientos.

/** What the grids and their month chart read: their cached answers are dropped when one changes. */
export const VENCIMIENTOS_TABLAS = [
  'afip_certificados',
  'afip_puntos_venta',
  'physis_licencias',
  'empresas',
  'productos',
] as const;

/**
 * A grid's search: its sign heads the searched text and the pattern, so the estimate and the index are its own rows'.
 */
export const busquedaEnGrilla = (pattern: string, grupo: VencimientoGrupo): SQL =>
  sql`${vencimientoBusqueda(vencimientos)} ilike ${`${MARCA_DE_GRILLA[grupo]} ${pattern}`}`;

export const vencimientosList: ListSpec<ListQuery> = {
  searchWhere: (pattern, q) => busquedaEnGrilla(pattern, q.grupo),
  // Every sort key, filter and the search read the kept table alone (the client's name and CUIT are on its rows),
  // each sort on an index of its own, with the type or without (migration 0040).
  sorts: {
    vence: vencimientos.vence,
    cliente: vencimientos.cliente,
    cuit: vencimientos.cuit,
    tipo: vencimientos.tipo,
    item: vencimientos.item,
  },
  defaultSort: 'vence',
  id: vencimientos.id,
  // The grid's rows of the table: unfiltered, its total is the grid's kept count (`vencimientosSource`).
  scope: (q) => eq(vencimientos.grupo, q.grupo),
  filters: (q) => [
    q.tipo ? eq(vencimientos.tipo, q.tipo) : undefined,
    q.empresa_id ? eq(vencimientos.clienteId, q.empresa_id) : undefined,
    plazoWhere(q.plazo),
  ],
  fixedSorts: (q) => (q.tipo ? ['tipo'] : []),
};

function plazoWhere(plazo: ListQuery['plazo']): SQL | undefined {
  if (!plazo || plazo === 'todos') return undefined;
  if (plazo === 'vencidos') return sql`${vencimientos.vence} < ${HOY}`;
  return sql`${vencimientos.vence} between ${HOY} and ${HOY} + ${Number(plazo)}::int`;
}

const renovacionesCount = sql<number>`(select count(*)::int from ${vencimientoRenovaciones} r
  where r.tipo = ${vencimientos.tipo} and r.item_id = ${vencimientos.itemId})`;

export const filaGrid = {
  ...wireColumns(vencimientos, ['id', 'tipo', 'item_id', 'empresa_id', 'cliente', 'cuit', 'item', 'detalle', 'vence']),
  dias,
  renovaciones: renovacionesCount,
};

/**
 * The grid's rows and total, on the kept table alone: the page is found on the sort's index, then only its rows
 * count their renewals. A search finds its matches first by its trigram index (`matches`). Unfiltered, the total
 * is the grid's row count kept in `conteos` (`vencimientos_afip`, `vencimientos_physis`), so the pager's last page
 * is read from the end instead of past a 1.6M-row offset.
 */
export const vencimientosSource = (db: Executor, grupo?: VencimientoGrupo): ListSource<Vencimiento> => ({
  rows: (f) => {
    const pagina = db
      .select({ id: vencimientos.id })
      .from(vencimientos)
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset)
      .as('pagina');
    return db
      .select({ ...filaGrid, sortKey: f.sortKey })
      .from(pagina)
      .innerJoin(vencimientos, eq(vencimientos.id, pagina.id))
      .orderBy(...f.orderBy);
  },
  count: async (where) =>
    !where && grupo
      ? filasDe(db, `vencimientos_${grupo}`)
      : ((await db.select({ n: count() }).from(vencimientos).where(where))[0]?.n ?? 0),
  ...contarFiltradas(db, (where) => db.select({ id: vencimientos.id }).from(vencimientos).where(where)),
  matches: (where, k, limite, pagina) =>
    pageOfMatches(db, db.select({ id: vencimientos.id, k }).from(vencimientos).where(where).limit(limite), pagina),
});

/** `diasRestantesTexto` in SQL, for the CSV that PostgreSQL writes. */
export const estadoCsv = sql<string>`(case when ${dias} < 0 then 'Vencido hace ' || -${dias}
    || case when ${dias} = -1 then ' día' else ' días' end
  when ${dias} = 0 then 'Vence hoy' else ${dias} || case when ${dias} = 1 then ' día' else ' días' end end)`;
const tipoEtiqueta = sql<string>`(case ${vencimientos.tipo} ${sql.join(
  Object.entries(VENCIMIENTO_TIPO_ETIQUETA).map(([tipo, etiqueta]) => sql`when ${tipo} then ${etiqueta}`),
  sql` `,
)} end)`;

export const vencimientosCsv: CsvColumnaSql<Vencimiento>[] = [
  { titulo: 'Cliente', valor: (v) => v.cliente, sql: vencimientos.cliente, tipo: 'texto' },
  { titulo: 'CUIT', valor: (v) => v.cuit, sql: vencimientos.cuit, tipo: 'texto' },
  { titulo: 'Tipo', valor: (v) => VENCIMIENTO_TIPO_ETIQUETA[v.tipo], sql: tipoEtiqueta, tipo: 'texto' },
  { titulo: 'Ítem', valor: (v) => v.item, sql: vencimientos.item, tipo: 'texto' },
  { titulo: 'Detalle', valor: (v) => v.detalle, sql: vencimientos.detalle, tipo: 'texto' },
  { titulo: 'Vence', valor: (v) => v.vence, sql: sql`to_char(${vencimientos.vence}, 'YYYY-MM-DD')`, tipo: 'texto' },
  { titulo: 'Días restantes', valor: (v) => v.dias, sql: dias, tipo: 'numero' },
  { titulo: 'Estado', valor: (v) => diasRestantesTexto(v.dias), sql: estadoCsv, tipo: 'texto' },
];

/** The whole grid for the CSV that PostgreSQL writes: the kept table alone. */
export const vencimientosTodas =
  (db: Executor): TodasLasFilas =>
  (campos, where, orderBy) =>
    db
      .select(campos)
      .from(vencimientos)
      .where(where)
      .orderBy(...orderBy);

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
