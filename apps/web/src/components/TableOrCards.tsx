import { Paper, Stack, Table, type TableProps, type TableTdProps, type TableTrProps, Text } from '@mantine/core';
import { type CSSProperties, Fragment, type ReactElement, type ReactNode } from 'react';
import { useTelefono } from './useTelefono.ts';

/** A cell's own Mantine props besides its column's alignment and wrapping: font, colour, weight, more style. */
type CellProps = Omit<TableTdProps, 'style' | 'children'> & { style?: CSSProperties };

/** One column of the wide screen's table. */
export interface TableOrCardsColumn<T> {
  /** None for a column of buttons. */
  header?: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers line up on the right, their header too. */
  align?: 'right';
  width?: number;
  /** Kept on one line (dates, sizes, links). */
  nowrap?: boolean;
  /** Starts at the row's top, beside or above a cell of many lines. */
  top?: boolean;
  /** The same for every row, or per row (a colour that tells a value). */
  td?: CellProps | ((row: T) => CellProps);
}

interface TableOrCardsProps<T> {
  /** The accessible name of the table and of the list of cards alike. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: readonly TableOrCardsColumn<T>[];
  /** A row on a phone: what goes inside its bordered card, laid out for a narrow screen. */
  card: (row: T) => ReactNode;
  /** Said instead of the table when there are no rows. */
  empty: string;
  emptySize?: 'sm';
  /** Narrower than this, the table scrolls sideways. */
  minWidth: number;
  striped?: boolean;
  highlightOnHover?: boolean;
  verticalSpacing?: TableProps['verticalSpacing'];
  /** A table row's own props (a click that opens it). */
  tr?: (row: T) => TableTrProps;
  /** A row under a table row across every column (an opened row's detail), or null. */
  below?: (row: T) => ReactElement | null;
}

function cellProps<T>(column: TableOrCardsColumn<T>, row: T): CellProps {
  const { style, ...props } = typeof column.td === 'function' ? column.td(row) : (column.td ?? {});
  const all: CSSProperties = {
    ...(column.align ? { textAlign: column.align } : {}),
    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
    ...(column.top ? { verticalAlign: 'top' } : {}),
    ...style,
  };
  return Object.keys(all).length > 0 ? { ...props, style: all } : props;
}

/**
 * A short summary that is not a paged list (for those, `DataTable`): a table on a wide screen, a list of cards on a
 * phone, where columns would not fit. The table comes from the columns; each card is laid out by `card`.
 */
export function TableOrCards<T>({
  label,
  rows,
  rowKey,
  columns,
  card,
  empty,
  emptySize,
  minWidth,
  striped,
  highlightOnHover,
  verticalSpacing,
  tr,
  below,
}: TableOrCardsProps<T>) {
  const telefono = useTelefono();
  if (rows.length === 0)
    return (
      <Text size={emptySize} c="dimmed">
        {empty}
      </Text>
    );
  if (telefono)
    return (
      <Stack gap="xs" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => (
          <Paper key={rowKey(row)} component="li" withBorder radius="md" p="sm">
            {card(row)}
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-label={label} striped={striped} highlightOnHover={highlightOnHover} verticalSpacing={verticalSpacing}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th
                // biome-ignore lint/suspicious/noArrayIndexKey: a screen's columns are a fixed list, never reordered.
                key={i}
                w={column.width}
                style={column.align ? { textAlign: column.align } : undefined}
              >
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const extra = below?.(row) ?? null;
            return (
              <Fragment key={rowKey(row)}>
                <Table.Tr {...tr?.(row)}>
                  {columns.map((column, i) => (
                    // A screen's columns are a fixed list, never reordered.
                    // biome-ignore lint/suspicious/noArrayIndexKey: the reason is above
                    <Table.Td key={i} {...cellProps(column, row)}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
                {extra && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length}>{extra}</Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
