import { Alert, Loader, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { DesarrolloCambio } from '@intranet/contract/areas/desarrollos';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { listMessages } from '../../components/messages.ts';
import { formatFechaHora } from '../../core/format.ts';
import { useCambios } from './api.ts';
import { EstadoBadge } from './Badges.tsx';
import { desarrollosMessages as t } from './messages.ts';

const columns: ColumnDef<DesarrolloCambio>[] = [
  { id: 'fecha', header: t.cambioFecha, meta: { width: 150 }, cell: ({ row }) => formatFechaHora(row.original.fecha) },
  {
    id: 'usuario',
    header: t.cambioUsuario,
    meta: { width: 160 },
    cell: ({ row }) => row.original.usuario ?? t.sistema,
  },
  {
    id: 'desde',
    header: t.cambioDe,
    cell: ({ row: { original: c } }) =>
      c.desde ? (
        <EstadoBadge estado={c.desde} />
      ) : (
        <Text size="sm" c="dimmed">
          {t.creacion}
        </Text>
      ),
  },
  { id: 'hacia', header: t.cambioA, cell: ({ row }) => <EstadoBadge estado={row.original.hacia} /> },
];

/** The dated state changes of a development, newest first: who moved it, from where, to where. */
export function CambiosEstado({ id }: { id: number }) {
  const cambios = useCambios(id);
  if (cambios.isPending) return <Loader size="sm" aria-label={listMessages.cargando} />;
  if (cambios.isError) {
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {cambios.error.message}
      </Alert>
    );
  }
  return (
    <DataTable
      label={t.cambiosTabla}
      columns={columns}
      rows={[...cambios.data].reverse()}
      getRowId={(c) => String(c.id)}
    />
  );
}
