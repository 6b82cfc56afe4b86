import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Exact row counts of large tables, kept by statement triggers (migration 0004), so an unfiltered list's
 * total is one row read instead of a scan of the whole table.
 */
export const conteos = pgTable('conteos', {
  tabla: text('tabla').primaryKey(),
  filas: bigint('filas', { mode: 'number' }).notNull(),
});
