import type { Column } from '@tanstack/react-table';

/** A column's name for menus and screen readers: its header when it is plain text, else its id. */
export function columnLabel<T>(column: Column<T, unknown>): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}
