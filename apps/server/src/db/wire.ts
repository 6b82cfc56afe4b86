import { type Column, getTableColumns, getViewSelectedFields, is, type Table, View } from 'drizzle-orm';

// The API names its fields as the database names its columns (snake_case: `empresa_id`, `nro_inventario`), while
// the Drizzle schema names its properties in camelCase. These two functions are the one place that translates
// between them, from the schema itself, so no query maps field by field.

/** A table, or a view declared with its columns (`pgView(name, { … }).existing()`). */
type Source = Table | View;
type Columns<T extends Source> = T extends Table
  ? T['_']['columns']
  : T extends View
    ? T['_']['selectedFields']
    : never;
const columnsOf = (source: Source): Record<string, Column> =>
  (is(source, View) ? getViewSelectedFields(source) : getTableColumns(source)) as Record<string, Column>;
type SqlName<C> = C extends Column ? C['_']['name'] : never;

/** A table's columns keyed by their SQL names, which are the API's field names. */
export type WireColumns<T extends Source> = {
  [K in keyof Columns<T> as SqlName<Columns<T>[K]>]: Columns<T>[K];
};

/** A payload's fields that are columns of the table, keyed by the schema's property names. */
export type ColumnValues<T extends Table, V> = {
  [K in keyof Columns<T> as SqlName<Columns<T>[K]> extends keyof V ? K : never]: V[SqlName<Columns<T>[K]> & keyof V];
};

/**
 * The table's columns (or only those named) keyed by their SQL names, for a select whose rows come out in the
 * API's shape: `db.select({ ...wireColumns(maquinas), extra: … })`. Works on aliases and on views too.
 */
export function wireColumns<T extends Source>(table: T): WireColumns<T>;
export function wireColumns<T extends Source, N extends keyof WireColumns<T>>(
  table: T,
  only: readonly N[],
): Pick<WireColumns<T>, N>;
export function wireColumns(table: Source, only?: readonly string[]): Record<string, Column> {
  const out: Record<string, Column> = {};
  for (const column of Object.values(columnsOf(table))) {
    if (!only || only.includes(column.name)) out[column.name] = column;
  }
  return out;
}

/**
 * The payload's fields that are columns of the table, renamed to the schema's properties, for an insert or an
 * update: `tx.insert(maquinas).values(columnValues(maquinas, body))`. Fields that are not columns are left out;
 * a field absent from the payload stays absent (an update leaves its column alone).
 */
export function columnValues<T extends Table, V extends object>(table: T, values: V): ColumnValues<T, V> {
  const out: Record<string, unknown> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    if (column.name in values) out[property] = (values as Record<string, unknown>)[column.name];
  }
  return out as ColumnValues<T, V>;
}

/** A row read with the schema's property names, keyed by the columns' SQL names. */
export type WireRow<T extends Table, R> = {
  [K in keyof Columns<T> & keyof R as SqlName<Columns<T>[K]>]: R[K];
};

/**
 * A row read with the schema's property names (`db.select().from(t)`, `.returning()`) in the API's shape: its
 * columns renamed to their SQL names; fields that are not columns of the table are left out.
 */
export function wireRow<T extends Table, R extends object>(table: T, row: R): WireRow<T, R> {
  const out: Record<string, unknown> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    if (property in row) out[column.name] = (row as Record<string, unknown>)[property];
  }
  return out as WireRow<T, R>;
}
