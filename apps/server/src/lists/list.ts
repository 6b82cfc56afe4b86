import { parseSort, TOPE_TOTAL } from '@intranet/contract/shared/list';
import { and, asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper, type Subquery } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * How one area's list answers the contract's `listQuery`: where `q` looks, what each sort name
 * sorts by, and how its filters become conditions. The area's queries.ts declares it once; the page, the
 * total and the CSV export all read the same declaration, so the export is exactly the filtered list.
 */
/** The sort names a list query takes (`nombre` of `nombre` and `-nombre`), or any name for a query without them. */
export type SortName<Query> = Query extends { sort?: infer S }
  ? string extends S
    ? string
    : Exclude<S, `-${string}` | undefined>
  : string;

export interface ListSpec<Query> {
  /** The text `q` looks in (ILIKE, backed by a trigram index on exactly this expression). */
  search?: SQLWrapper;
  /**
   * `search` is stored lower-cased (a check holds it): `q` is matched with LIKE against the lowered pattern, which
   * the same trigram index serves, instead of ILIKE lowering every row it tests (half a broad search's time).
   */
  searchLowercase?: true;
  /**
   * Instead of `search`: the condition for a LIKE pattern, when the searched text lives in another table or the
   * pattern carries one of the query's filters (an expiry grid's own rows: '> %texto%').
   */
  searchWhere?: (pattern: string, query: Query) => SQL;
  /**
   * Contract sort name -> the expression it sorts by: every name the contract's list query takes, and no other (the
   * typecheck says which is missing or misspelt). Sort keys must not be null (keyset paging).
   */
  sorts: Record<SortName<Query>, SQLWrapper>;
  /** Used when the query names none, e.g. 'nombre' or '-actualizado'. */
  defaultSort: SortName<Query> | `-${SortName<Query>}`;
  /** The stable tie-breaker: the column the rows answer as `id`. */
  id: SQLWrapper;
  /** The area's own filters; undefined entries are ignored. */
  filters?: (query: Query) => (SQL | undefined)[];
  /**
   * The list's own rows within its table, when the table holds more than one list (an expiry grid's, of the one
   * table both grids keep): always applied, yet no filter. Under it alone the list is unfiltered: its total is the
   * source's `count(undefined)`, which counts the scope's rows (kept, exact), so the last page is read from the end.
   */
  scope?: (query: Query) => SQL;
  /**
   * The sorts whose key the query's filters hold to one value (a filter on the sort's own column, e.g. `tipo=A`
   * sorted by type): past a row, their next page is the ids beyond it. Compared as the row value (key, id) with
   * the filter's `key = 'A'` beside it, PostgreSQL starts the index at the first 'A' and reads up to the row
   * (825 index pages, 57–117 ms, at 1M rows), not at the row itself.
   */
  fixedSorts?: (query: Query) => readonly SortName<Query>[];
}

/** What the area's row query receives: its conditions, order and window, and the key it must select. */
export interface ListFetch {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** Select this as `sortKey`: the sort key as text, read back by the CSV export to fetch the next batch. */
  sortKey: SQL<string>;
}

/** The area's two queries over its own tables and joins. */
export interface ListSource<Row extends { id: number }> {
  rows(fetch: ListFetch): Promise<(Row & { sortKey: string })[]>;
  count(where: SQL | undefined): Promise<number>;
  /**
   * For a list that grows large: the filtered rows counted no further than `limite` (a count over a subquery
   * with LIMIT), so a broad filter over 1M rows costs what 10,001 rows cost.
   */
  countUpTo?(where: SQL | undefined, limite: number): Promise<number>;
  /**
   * The planner's estimate of the rows matching `where` (EXPLAIN, nothing read): far above the cap, the total is
   * that estimate ("≈ 330 mil") and nothing is counted. See `contarFiltradas`.
   */
  estimate?(where: SQL | undefined): Promise<number>;
  /**
   * The table keeps no count of its rows (no `conteos` trigger: one on the monitor's issues would be a hot row
   * every intake batch writes): unfiltered, the total too is counted up to the cap instead of row by row.
   */
  countsAllUpTo?: true;
  /**
   * Where a search's total stops counting, when sooner than TOPE_TOTAL: a search walked by the sort's index tests
   * its matches one by one (ILIKE), so 10,001 of them cost what a page never does ("más de 1.000" instead).
   */
  searchCountCap?: number;
  /**
   * For a list searched by a trigram index: the page among the rows matching `where`, found by that index
   * rather than by walking the sort's index (see `searchFirst`). The source selects `{ id, k }` from its FROM
   * under `where`, limited to `limite`, and hands it to `pageOfMatches`.
   */
  matches?(where: SQL, k: SQL.Aliased, limite: number, pagina: PaginaDeCoincidencias): Promise<Coincidencias>;
}

/** Which page of the matches, in which direction of their key. */
export interface PaginaDeCoincidencias {
  desc: boolean;
  limit: number;
  offset: number;
  /**
   * The page alone, its matches not counted (n answers -1): a broad search's total is its estimate, and its
   * matches, read in one pass and never kept, need no CTE held in memory (200,000 of them spilled to disk).
   */
  sinContar?: true;
}

/** How many rows matched (up to the limit asked), and the ids of the page in order. */
export interface Coincidencias {
  n: number;
  ids: number[];
}

/**
 * What a `matches` answers: `select {id, k} … limit n` read once (a CTE read twice is materialised), counted,
 * and its page sorted by (k, id) in memory: one statement, and the sort only ever sees n rows.
 */
export async function pageOfMatches(
  db: Executor,
  matches: SQLWrapper,
  pagina: PaginaDeCoincidencias,
): Promise<Coincidencias> {
  const dir = pagina.desc ? sql`desc` : sql`asc`;
  if (pagina.sinContar) {
    // The matches' select is limited, so it is planned apart (a bitmap of the search's index, or a scan), never as
    // a walk of the sort's index: only its rows are sorted.
    const { rows } = await db.execute<{ ids: number[] }>(
      sql`select coalesce(array_agg(p.id), '{}') as ids from (select m.id from (${matches}) m order by m.k ${dir}, m.id ${dir} limit ${pagina.limit} offset ${pagina.offset}) p`,
    );
    return { n: -1, ids: (rows[0]?.ids ?? []).map(Number) };
  }
  const { rows } = await db.execute<{ n: number; ids: number[] }>(
    sql`with m as (${matches}) select (select count(*)::int from m) as n,
      (select coalesce(array_agg(p.id), '{}') from (select id from m order by k ${dir}, id ${dir} limit ${pagina.limit} offset ${pagina.offset}) p) as ids`,
  );
  return { n: Number(rows[0]?.n ?? 0), ids: (rows[0]?.ids ?? []).map(Number) };
}

/**
 * What a `countUpTo` answers: the rows of `filas` (a select already filtered and limited to `limite`), counted
 * as `select count(*) from (… limit n)`, so PostgreSQL stops reading at the limit.
 */
async function contarHasta(db: Executor, filas: { as(alias: string): Subquery }): Promise<number> {
  return (await db.select({ n: count() }).from(filas.as('hasta')))[0]?.n ?? 0;
}

/**
 * The planner's estimate of the rows `filas` selects: the top node of its EXPLAIN, planned and never run. With
 * fresh statistics it is within a few per cent for a filter on a column (its most common values) and for a
 * search (the pattern tried on the column's histogram); `ESTIMADO_DESDE` leaves the room for the rest.
 */
export async function estimarFilas(db: Executor, filas: SQLWrapper): Promise<number> {
  const { rows } = await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${filas}`);
  const plan = rows[0]?.['QUERY PLAN'];
  const leido = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return leido?.[0]?.Plan['Plan Rows'] ?? 0;
}

/** What can be selected and limited: a drizzle select of a list's rows under its conditions. */
interface Filtradas extends SQLWrapper {
  limit(limite: number): { as(alias: string): Subquery };
}

/**
 * `countUpTo` and `estimate` of a list that grows large, from the select of its rows under a condition (its
 * FROM alone, without the joins a page needs): `(where) => db.select({ id: t.id }).from(t).where(where)`.
 */
export function contarFiltradas(
  db: Executor,
  filtradas: (where: SQL | undefined) => Filtradas,
): Required<Pick<ListSource<{ id: number }>, 'countUpTo' | 'estimate'>> {
  return {
    countUpTo: (where, limite) => contarHasta(db, filtradas(where).limit(limite)),
    estimate: (where) => estimarFilas(db, filtradas(where)),
  };
}

/**
 * Estimated above this many times the cap, a total is the estimate and is not counted: counting 10,001 of 330,000
 * rows took 2–5 ms of every filtered page at 1M rows, for "más de 10.000", and a monitor search's 1,001 matches
 * 30–130 ms. 1.5: an estimate a third off still says more than the cap truly, and the pages past the last one a
 * wrong estimate offers are empty.
 */
const ESTIMADO_SOBRE_TOPE = 1.5;

/** Where the list's total stops counting: the cap, or a search's own (`searchCountCap`). */
const topeDe = <Row extends { id: number }>(source: ListSource<Row>, buscando: boolean): number =>
  buscando ? (source.searchCountCap ?? TOPE_TOTAL) : TOPE_TOTAL;

/**
 * The total of the filtered rows as the list answers it: exact, or the cap with `total_exacto: false` and, when
 * the planner's estimate stood for the count, that estimate (`total_estimado`: "≈ 330 mil resultados").
 */
type Total = { total: number } | { total: number; total_exacto: false; total_estimado?: number };

/** What the planner's estimate says of the total: the total itself (far above the cap), or 'bajo' (count it). */
type Estimacion = Total | 'bajo';

/** The estimate's say, on a list that estimates (undefined on one that does not). */
async function estimacionDe<Row extends { id: number }>(
  source: ListSource<Row>,
  where: SQL | undefined,
  tope: number,
): Promise<Estimacion | undefined> {
  if (!source.estimate) return undefined;
  const estimado = Math.round(await source.estimate(where));
  return estimado > tope * ESTIMADO_SOBRE_TOPE
    ? { total: tope, total_exacto: false, total_estimado: estimado }
    : 'bajo';
}

async function totalOf<Row extends { id: number }>(
  source: ListSource<Row>,
  where: SQL | undefined,
  buscando: boolean,
  estimacion?: Estimacion,
): Promise<Total> {
  if (!source.countUpTo || (!where && !source.countsAllUpTo)) return { total: await source.count(where) };
  const tope = topeDe(source, buscando);
  const dicho = estimacion ?? (await estimacionDe(source, where, tope));
  if (dicho !== undefined && dicho !== 'bajo') return dicho;
  const n = await source.countUpTo(where, tope + 1);
  return n > tope ? { total: tope, total_exacto: false } : { total: n };
}

/** A select with its FROM and joins, not yet filtered: what `selectSource` pages (drizzle's `$dynamic()` builder). */
interface Paged<Raw> {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): { limit(limit: number): { offset(offset: number): PromiseLike<Raw[]> } };
  };
}

/** The same FROM, counted. */
interface Counted {
  where(where: SQL | undefined): PromiseLike<{ n: number }[]>;
}

/**
 * The usual ListSource: the page is `select(sortKey)` filtered, ordered and windowed, each row turned into its
 * wire shape; the total counts the same FROM under the same conditions.
 */
export function selectSource<Raw, Row extends { id: number }>(
  select: (sortKey: SQL<string>) => Paged<NoInfer<Raw> & { sortKey: string }>,
  counted: () => Counted,
  wire: (raw: Raw) => Row,
): ListSource<Row> {
  return {
    rows: async (f) =>
      (
        await select(f.sortKey)
          .where(f.where)
          .orderBy(...f.orderBy)
          .limit(f.limit)
          .offset(f.offset)
      ).map((raw) => ({ ...wire(raw), sortKey: raw.sortKey })),
    count: async (where) => (await counted().where(where))[0]?.n ?? 0,
  };
}

/** What every list query has: the search, the sort and the paging cursors. */
export interface ListQueryBase {
  q?: string | undefined;
  sort?: string | undefined;
  tras?: number | undefined;
  antes?: number | undefined;
}

/** `%`, `_` and `\` typed by the user are searched for literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The conditions of the query: the list's scope, the free search and the area's filters. */
export function listWhere<Query extends ListQueryBase>(spec: ListSpec<Query>, query: Query): SQL | undefined {
  return and(spec.scope?.(query), filtrosDe(spec, query));
}

/** The free search and the area's filters, without the scope: undefined when the list is unfiltered. */
function filtrosDe<Query extends ListQueryBase>(spec: ListSpec<Query>, query: Query): SQL | undefined {
  const conditions: (SQL | undefined)[] = [...(spec.filters?.(query) ?? [])];
  if (query.q && spec.searchWhere) conditions.push(spec.searchWhere(likePattern(query.q), query));
  else if (query.q && spec.search)
    conditions.push(
      spec.searchLowercase
        ? sql`${spec.search} like lower(${likePattern(query.q)})`
        : sql`${spec.search} ilike ${likePattern(query.q)}`,
    );
  return and(...conditions);
}

interface Ordering {
  key: SQLWrapper;
  desc: boolean;
  /** The query's filters hold the key to one value (`fixedSorts`). */
  fija: boolean;
  orderBy: SQL[];
  /** The same order the other way, to read a page from its end. */
  reversed: SQL[];
}

function ordering<Query extends ListQueryBase>(spec: ListSpec<Query>, query: Query): Ordering {
  const wanted = parseSort(query.sort) ?? parseSort(spec.defaultSort);
  // The query's sort was checked by the contract's schema; here it is a name looked up at run time.
  const sorts: Partial<Record<string, SQLWrapper>> = spec.sorts;
  const key = (wanted && sorts[wanted.field]) ?? sorts[parseSort(spec.defaultSort)?.field ?? ''];
  if (!key || !wanted) throw new Error(`orden sin declarar en la lista: ${query.sort ?? spec.defaultSort}`);
  const [dir, otherWay] = wanted.desc ? [desc, asc] : [asc, desc];
  // The tie-breaker goes the same way as the key, so (key, id) compares as one row value.
  const fija = ((spec.fixedSorts?.(query) ?? []) as readonly string[]).includes(wanted.field);
  return {
    key,
    desc: wanted.desc,
    fija,
    orderBy: [dir(sql`${key}`), dir(sql`${spec.id}`)],
    reversed: [otherWay(sql`${key}`), otherWay(sql`${spec.id}`)],
  };
}

/**
 * A search's page found from its matches: up to TOPE_TOTAL + 1 of them are read by the trigram index with their
 * sort key, counted, and the page sorted among them. Walking the sort's index and testing each row instead
 * costs as many rows as come before the page's last match: the whole table for a search that matches a few
 * rows, or for matches that share one TTL at the index's far end (323 ms at 1M rows). 'muchas' when more rows
 * match: those are dense enough for the walk, and their total is known to pass the cap (not counted again).
 */
async function searchFirst<Row extends { id: number }, Query extends ListQueryBase>(
  spec: ListSpec<Query>,
  source: ListSource<Row>,
  where: SQL,
  { key, desc: descending, orderBy }: Ordering,
  limit: number,
  offset: number,
): Promise<({ items: Row[] } & Total) | 'muchas' | undefined> {
  if (!source.matches) return undefined;
  const found = await source.matches(where, sql`(${key})`.as('k'), TOPE_TOTAL + 1, { desc: descending, limit, offset });
  if (found.n > TOPE_TOTAL) return 'muchas';
  const sortKey = sql<string>`(${key})::text`;
  const rows =
    found.ids.length === 0
      ? []
      : await source.rows({ where: inArray(sql`${spec.id}`, found.ids), orderBy, limit, offset: 0, sortKey });
  return { items: rows.map(withoutSortKey), total: found.n };
}

/**
 * Index entries a broad search's page may walk in the sort's order before its matches are gathered instead. Its
 * matches are dense on average (estimated past the cap), so where they are spread over the sort a page is found
 * within a few hundred entries; this many stand for a search whose matches cluster at the sort's other end (a
 * word of the name sorted by the name the other way: 800,030 entries skipped, 924 ms).
 */
export const PASOS_DE_BUSQUEDA = 4000;

/**
 * A broad search's page (estimated far above the cap): the first `PASOS_DE_BUSQUEDA` entries of the sort's order
 * (under the list's scope alone) are walked for it, bounded by the entry that follows them, read by the sort's
 * index first. When none of its matches is among them, they cluster further on: they are gathered by the search's
 * own index with their sort key and the page sorted among them (`matches`, not counted), rather than walking on,
 * unless more than half the list matches (`coincidencias`, the planner's estimate, against the scope's rows): the
 * walk then reaches them past fewer entries than there are matches to gather ('facturación' in the AFIP grid, 913,000
 * of its 1.6M rows, sorted by item the other way: 100,000 points of sale first; gathered 1.5 s, walked 0.13 s).
 * Undefined for a list without `matches` or a page past the budget: the caller's unbounded walk answers then.
 */
async function searchBroad<Row extends { id: number }, Query extends ListQueryBase>(
  spec: ListSpec<Query>,
  source: ListSource<Row>,
  query: Query,
  where: SQL,
  orden: Ordering,
  limit: number,
  offset: number,
  coincidencias: number | undefined,
): Promise<Row[] | undefined> {
  // A page deep in the matches (past the budget) is walked to as before: the matches spread evenly over the sort
  // reach it sooner than all of them are gathered.
  if (!source.matches || offset + limit > PASOS_DE_BUSQUEDA) return undefined;
  const sortKey = sql<string>`(${orden.key})::text`;
  const [tope] = await source.rows({
    where: spec.scope?.(query),
    orderBy: orden.orderBy,
    limit: 1,
    offset: PASOS_DE_BUSQUEDA,
    sortKey,
  });
  // Strictly before the entry past the budget, compared as (key, id) even for a sort the filters fix: the bound was
  // read under the scope alone, not under the filters.
  const antes = tope ? beyond(spec, { ...orden, fija: false }, tope, false) : undefined;
  const walked = await source.rows({ where: and(where, antes), orderBy: orden.orderBy, limit, offset, sortKey });
  // Without a bound the walk saw the whole list: its page is the page, however short.
  if (walked.length === limit || !tope) return walked.map(withoutSortKey);
  // Some matches within the budget: they have begun (or are sparse yet spread), and the walk reaches the page
  // sooner than all of them are gathered. None: they cluster further on.
  if (walked.length > 0) return undefined;
  // Gathered, each match costs a read; walked on to, each entry that does not match does.
  if (coincidencias !== undefined && source.estimate) {
    const enAlcance = await source.estimate(spec.scope?.(query));
    if (coincidencias * 2 > enAlcance) return undefined;
  }
  const found = await source.matches(where, sql`(${orden.key})`.as('k'), Number.MAX_SAFE_INTEGER, {
    desc: orden.desc,
    limit,
    offset,
    sinContar: true,
  });
  if (found.ids.length === 0) return [];
  const rows = await source.rows({
    where: inArray(sql`${spec.id}`, found.ids),
    orderBy: orden.orderBy,
    limit,
    offset: 0,
    sortKey,
  });
  return rows.map(withoutSortKey);
}

/** One page of the list and the total of the filtered rows: `datos: {items, total}`. */
export async function listPage<
  Row extends { id: number },
  Query extends ListQueryBase & { page: number; size: number },
>(spec: ListSpec<Query>, query: Query, source: ListSource<Row>): Promise<{ items: Row[] } & Total> {
  const where = listWhere(spec, query);
  // What the total counts under: nothing for a list under its scope alone (its kept count).
  const contadas = filtrosDe(spec, query) === undefined ? undefined : where;
  const orden = ordering(spec, query);
  const { key, orderBy } = orden;
  // A search estimated far above the cap is not gathered (its matches are dense: the sort's index finds a page
  // among them) and its total is the estimate.
  let estimacion: Estimacion | undefined =
    query.q && where ? await estimacionDe(source, where, topeDe(source, true)) : undefined;
  const offset = (query.page - 1) * query.size;
  if (query.q && where && (estimacion === undefined || estimacion === 'bajo')) {
    const found = await searchFirst(spec, source, where, orden, query.size, offset);
    if (found === 'muchas') estimacion = { total: TOPE_TOTAL, total_exacto: false };
    else if (found) return found;
  }
  // More matches than the cap (estimated, or found gathering them): a page by number is walked for within a
  // budget of the sort's entries, or its matches gathered when they cluster further on (`searchBroad`).
  const porNumero = query.tras === undefined && query.antes === undefined;
  if (query.q && where && estimacion !== undefined && estimacion !== 'bajo' && porNumero) {
    const estimado = 'total_estimado' in estimacion ? estimacion.total_estimado : undefined;
    const items = await searchBroad(spec, source, query, where, orden, query.size, offset, estimado);
    if (items) return { items, ...estimacion };
  }
  const sortKey = sql<string>`(${key})::text`;
  // The next or previous page of the one shown: read from its last (or first) row by the sort's index, as
  // deep as it is. Without the row in the list (deleted since, or changed so the filters no longer hold it), the
  // page number alone: the rows beyond one outside a filter's range start where the filter's do not (a row due
  // in 2028, `plazo=vencidos` sorted by date the other way: 640 ms walking the future's rows to reach the past's).
  const cursor = query.page > 1 ? (query.tras ?? query.antes) : undefined;
  const [ref] =
    cursor === undefined
      ? []
      : await source.rows({ where: and(where, eq(spec.id, cursor)), orderBy, limit: 1, offset: 0, sortKey });
  if (ref) {
    const adelante = query.tras !== undefined;
    const [rows, total] = await Promise.all([
      source.rows({
        where: and(where, beyond(spec, orden, ref, adelante)),
        orderBy: adelante ? orderBy : orden.reversed,
        limit: query.size,
        offset: 0,
        sortKey,
      }),
      totalOf(source, contadas, Boolean(query.q), estimacion),
    ]);
    if (!adelante) rows.reverse();
    return { items: rows.map(withoutSortKey), ...total };
  }
  // Past the first page the total is read first: unfiltered it is the kept count, filtered it is exact up to the
  // cap. A page past the middle (the last one) is read from the end, so its OFFSET is the rows after it rather
  // than before, and a page past the end reads nothing.
  if (offset > 0) {
    const total = await totalOf(source, contadas, Boolean(query.q), estimacion);
    const exacto = !('total_exacto' in total);
    const desdeElFinal = total.total - offset - query.size;
    if (exacto && offset >= total.total) return { items: [], ...total };
    if (exacto && offset > total.total / 2) {
      const rows = await source.rows({
        where,
        orderBy: orden.reversed,
        limit: query.size + Math.min(0, desdeElFinal),
        offset: Math.max(0, desdeElFinal),
        sortKey,
      });
      return { items: rows.reverse().map(withoutSortKey), ...total };
    }
    return {
      items: (await source.rows({ where, orderBy, limit: query.size, offset, sortKey })).map(withoutSortKey),
      ...total,
    };
  }
  const [rows, total] = await Promise.all([
    source.rows({ where, orderBy, limit: query.size, offset, sortKey }),
    totalOf(source, contadas, Boolean(query.q), estimacion),
  ]);
  return { items: rows.map(withoutSortKey), ...total };
}

/**
 * The rows past `ref` in the list's order (`adelante`) or before it: (key, id) compared as one row value, the
 * sort's index read from there. `ref.sortKey` is the key as text, cast back by PostgreSQL to the key's type.
 */
function beyond<Query extends ListQueryBase>(
  spec: ListSpec<Query>,
  { key, desc: descending, fija }: Ordering,
  ref: { sortKey: string; id: number },
  adelante: boolean,
): SQL {
  if (fija) return descending !== adelante ? sql`${spec.id} > ${ref.id}` : sql`${spec.id} < ${ref.id}`;
  // From the next id on, inclusive (ids are integers): the planner estimates a row value by its first column, and
  // `key < x` counts none of the rows when x is the key's least value, as every CAI point of sale's item is. It then
  // took one row for any index and read the sort's own, filtering the type (1.4M rows, 1.3–6.5 s at 1.6M), not the
  // one that starts with the type (0.1 ms); `key <= x` counts x's own rows.
  return descending !== adelante
    ? sql`(${key}, ${spec.id}) >= (${ref.sortKey}, ${ref.id + 1})`
    : sql`(${key}, ${spec.id}) <= (${ref.sortKey}, ${ref.id - 1})`;
}

/** The whole list's select over the area's FROM: these fields, these conditions, this order. */
export type TodasLasFilas = (campos: Record<string, SQL.Aliased>, where: SQL | undefined, orderBy: SQL[]) => SQLWrapper;

/**
 * The whole filtered list in its order as one select, what PostgreSQL's COPY writes: the area's select computes
 * `valores` once per row, and `salida` writes the file's fields from them, read as `${fila}.<name>` (a formatted
 * cell reads its value up to three times). The outer select is ordered by the same key and id, which PostgreSQL
 * takes from the inner select's order (the sort's index) without sorting again.
 */
export function listTodas<Query extends ListQueryBase>(
  spec: ListSpec<Query>,
  query: Query,
  todas: TodasLasFilas,
): (valores: Record<string, SQL.Aliased>, salida: (fila: SQL) => SQL) => SQLWrapper {
  const where = listWhere(spec, query);
  const { key, desc: descending, orderBy } = ordering(spec, query);
  const fila = sql`${sql.identifier('fila')}`;
  const dir = descending ? sql`desc` : sql`asc`;
  return (valores, salida) => {
    const interior = todas(
      { ...valores, sortKey: sql`${key}`.as('sort_key'), id: sql`${spec.id}`.as('id') },
      where,
      orderBy,
    );
    return sql`select ${salida(fila)} from (${interior}) ${fila} order by ${fila}."sort_key" ${dir}, ${fila}."id" ${dir}`;
  };
}

/**
 * Every row of the filtered list, in batches read by keyset on (sort key, id): each batch is its own short
 * query, so a slow download holds no transaction and no more than one batch in memory.
 */
export async function* listBatches<Row extends { id: number }, Query extends ListQueryBase>(
  spec: ListSpec<Query>,
  query: Query,
  source: ListSource<Row>,
  batchSize = 1000,
): AsyncGenerator<Row[]> {
  const where = listWhere(spec, query);
  const orden = ordering(spec, query);
  const { key, orderBy } = orden;
  const sortKey = sql<string>`(${key})::text`;
  let after: { sortKey: string; id: number } | undefined;
  for (;;) {
    const past = after ? beyond(spec, orden, after, true) : undefined;
    const rows = await source.rows({ where: and(where, past), orderBy, limit: batchSize, offset: 0, sortKey });
    if (rows.length === 0) return;
    yield rows.map(withoutSortKey);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { sortKey: last.sortKey, id: last.id };
  }
}

function withoutSortKey<Row>(row: Row & { sortKey: string }): Row {
  const { sortKey: _sortKey, ...rest } = row;
  return rest as Row;
}
