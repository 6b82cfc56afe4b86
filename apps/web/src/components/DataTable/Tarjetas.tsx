import { Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { flexRender, type Cell, type Table } from '@tanstack/react-table';
import type { MouseEvent, ReactNode } from 'react';
import resaltado from '../resaltado.module.css';

interface TarjetasProps<T> {
  table: Table<T>;
  /** The list's accessible name, as the table's would be ('Máquinas'). */
  label: string;
  /** The column of row checkboxes and the one of row actions: beside the title, not among the fields. */
  seleccion: string;
  acciones: string;
  onRowClick?: ((row: T) => (event: MouseEvent<HTMLElement>) => void) | undefined;
  /** Rows someone else changed a moment ago (the live list): marked as the table marks them. */
  resaltadas: ReadonlySet<string>;
  /** What shows when there are no rows: loading, the error's retry or the empty text. */
  sinFilas: ReactNode;
  busy: boolean;
  fetching: boolean;
}

/** A column's header when it is text to show beside its value; columns headed by a control or nothing have none. */
function rotulo<T>(cell: Cell<T, unknown>): string | undefined {
  const header = cell.column.columnDef.header;
  return typeof header === 'string' && header.trim() !== '' ? header : undefined;
}

/**
 * A list on a phone: each row a card. Its first column (the record's name, a link) heads the card beside its
 * checkbox and actions, and the other columns shown follow as named fields, two to a line, so nothing scrolls
 * sideways; a column headed by nothing (a control) shows below them, unnamed. The columns are the table's own: the
 * 'Columnas' menu hides fields here too.
 */
export function Tarjetas<T>({
  table,
  label,
  seleccion,
  acciones,
  onRowClick,
  resaltadas,
  sinFilas,
  busy,
  fetching,
}: TarjetasProps<T>) {
  const rows = table.getRowModel().rows;
  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md" aria-busy={busy || undefined}>
        {sinFilas}
      </Paper>
    );
  }
  return (
    <Stack
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none', opacity: fetching ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      {rows.map((row) => {
        const cells = row.getVisibleCells();
        const casilla = cells.find((cell) => cell.column.id === seleccion);
        const botones = cells.find((cell) => cell.column.id === acciones);
        const [titulo, ...campos] = cells.filter((cell) => cell !== casilla && cell !== botones);
        const celda = (cell: Cell<T, unknown>) => flexRender(cell.column.columnDef.cell, cell.getContext());
        const nombrados = campos.map((cell) => ({ cell, nombre: rotulo(cell) }));
        const conNombre = nombrados.filter(
          (campo): campo is { cell: Cell<T, unknown>; nombre: string } => campo.nombre !== undefined,
        );
        const sinNombre = nombrados.filter((campo) => campo.nombre === undefined);
        return (
          <Paper
            component="li"
            key={row.id}
            withBorder
            radius="md"
            p="sm"
            onClick={onRowClick?.(row.original)}
            style={onRowClick ? { cursor: 'pointer' } : undefined}
            bg={row.getIsSelected() ? 'var(--mantine-primary-color-light)' : undefined}
            className={resaltadas.has(row.id) ? resaltado.cambiada : undefined}
            data-cambiada={resaltadas.has(row.id) || undefined}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              {casilla && <Box pt={2}>{celda(casilla)}</Box>}
              <Box fz="sm" fw={600} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {titulo && celda(titulo)}
              </Box>
              {botones && <Box>{celda(botones)}</Box>}
            </Group>
            {conNombre.length > 0 && (
              <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing={6} mt="xs" mb={0}>
                {conNombre.map(({ cell, nombre }) => (
                  <div
                    key={cell.id}
                    style={{ minWidth: 0, gridColumn: cell.column.columnDef.meta?.tarjetaAncha ? '1 / -1' : undefined }}
                  >
                    <Text component="dt" size="xs" c="dimmed">
                      {nombre}
                    </Text>
                    <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {celda(cell)}
                    </Box>
                  </div>
                ))}
              </SimpleGrid>
            )}
            {sinNombre.length > 0 && (
              <Group gap="xs" mt="xs">
                {sinNombre.map(({ cell }) => (
                  <Box key={cell.id} fz="sm">
                    {celda(cell)}
                  </Box>
                ))}
              </Group>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
