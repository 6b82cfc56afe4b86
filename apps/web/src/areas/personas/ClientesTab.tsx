import { Alert, Anchor, Badge, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatCuit, type ClienteFila } from '@intranet/contract/areas/clientes';
import { clientesApi } from '@intranet/contract/areas/clientes/endpoints';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { listMessages } from '../../components/messages.ts';
import { call } from '../../core/http/endpoint.ts';
import { personasMessages as t } from './messages.ts';

const MAX = 50;

const columns: ColumnDef<ClienteFila>[] = [
  {
    id: 'razon_social',
    header: t.clienteCampos.razon_social,
    cell: ({ row: { original: e } }) => (
      <Anchor component={Link} to={`/clientes/${e.id}`} fw={600} size="sm">
        {e.razon_social}
      </Anchor>
    ),
  },
  { id: 'cuit', header: t.clienteCampos.cuit, cell: ({ row }) => formatCuit(row.original.cuit) },
  {
    id: 'localidad',
    header: t.clienteCampos.localidad,
    cell: ({ row: { original: e } }) => [e.localidad, e.provincia].filter(Boolean).join(', ') || '—',
  },
  {
    id: 'activo',
    header: t.clienteCampos.activo,
    cell: ({ row }) => (
      <Badge variant="light" color={row.original.activo ? 'green' : 'gray'}>
        {t.siNo[row.original.activo ? 'true' : 'false']}
      </Badge>
    ),
  },
];

/** The clients whose contact the person is, from the Clientes list filtered by contact. */
export function ClientesTab({ personaId }: { personaId: number }) {
  const filtro = `contacto_id=${personaId}`;
  const clientes = useQuery({
    queryKey: ['empresas', 'lista', `${filtro}&size=${MAX}`],
    queryFn: async ({ signal }) =>
      (await call(clientesApi.lista, { query: { contacto_id: personaId, size: MAX }, signal })).datos,
  });
  if (clientes.isPending) return <Loader size="sm" aria-label={listMessages.cargando} />;
  if (clientes.isError) {
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {clientes.error.message}
      </Alert>
    );
  }
  const { items, total } = clientes.data;
  if (total === 0) return <Text c="dimmed">{t.sinClientes}</Text>;
  return (
    <Stack gap="xs">
      <Paper withBorder radius="md">
        <DataTable label={t.clientesTabla} columns={columns} rows={items} getRowId={(e) => String(e.id)} />
      </Paper>
      {total > items.length && (
        <Anchor component={Link} to={`/clientes/lista?${filtro}`} size="sm">
          {t.verClientes(total)}
        </Anchor>
      )}
    </Stack>
  );
}
