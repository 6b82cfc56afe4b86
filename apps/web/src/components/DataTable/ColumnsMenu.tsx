import { Checkbox, Menu, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { Table } from '@tanstack/react-table';
import { listMessages } from '../messages.ts';
import { columnLabel } from './columnLabel.ts';
import { BotonBarra } from '../BotonBarra.tsx';

/** The 'Columnas' menu: one checkbox per column that can be hidden. */
export function ColumnsMenu<T>({ table }: { table: Table<T> }) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  if (columns.length === 0) return null;
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <BotonBarra icono={<IconColumns size={16} />} texto={listMessages.columnas} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{listMessages.columnasVisibles}</Menu.Label>
        <Stack gap={6} p="xs">
          {columns.map((column) => (
            <Checkbox
              key={column.id}
              label={columnLabel(column)}
              checked={column.getIsVisible()}
              onChange={column.getToggleVisibilityHandler()}
            />
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
