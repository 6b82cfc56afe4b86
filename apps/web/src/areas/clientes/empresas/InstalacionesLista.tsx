import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import {
  formatCuit,
  INSTALACIONES_SORT,
  instalacionesListQuery,
  type ClienteInstalaciones,
} from '@intranet/contract/areas/clientes';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { formatNumero } from '../../../core/format.ts';
import { useListState } from '../../../core/list/useListState.ts';
import { useInstalaciones } from './api.ts';
import { clientesMessages } from './messages.ts';

const t = clientesMessages.instalaciones;

export const INSTALACIONES_PATH = '/clientes/parametros';
/** The Instalaciones screen showing one client's parameters, or one of its installations'. */
export const instalacionesPath = (clienteId: number, servidorId?: number) =>
  `${INSTALACIONES_PATH}?empresa=${clienteId}${servidorId === undefined ? '' : `&servidor=${servidorId}`}`;

const columns: ColumnDef<ClienteInstalaciones>[] = [
  {
    id: 'razon_social',
    header: t.columnas.cliente,
    enableHiding: false,
    cell: ({ row }) => (
      <>
        <Group gap={6} wrap="wrap">
          <Anchor component={Link} to={instalacionesPath(row.original.id)} fw={600} size="sm">
            {row.original.razon_social}
          </Anchor>
          {!row.original.activo && (
            <Badge size="xs" variant="light" color="gray">
              {clientesMessages.inactivo}
            </Badge>
          )}
        </Group>
        {row.original.nombre_fantasia && (
          <Text size="xs" c="dimmed">
            {row.original.nombre_fantasia}
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'cuit',
    header: t.columnas.cuit,
    cell: ({ row }) => (
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {formatCuit(row.original.cuit)}
      </Text>
    ),
  },
  {
    id: 'servidores_count',
    accessorKey: 'servidores_count',
    header: t.columnas.servidores_count,
    meta: { align: 'right' },
  },
  {
    id: 'parametros_count',
    accessorKey: 'parametros_count',
    header: t.columnas.parametros_count,
    meta: { align: 'right' },
  },
  {
    id: 'servidores',
    header: t.columnas.servidores,
    meta: { tarjetaAncha: true },
    cell: ({ row }) =>
      row.original.servidores.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.sinInstalaciones}
        </Text>
      ) : (
        <Stack gap={2}>
          {row.original.servidores.map((s) => (
            <Group key={s.id} gap={6} wrap="wrap">
              <Anchor component={Link} to={instalacionesPath(row.original.id, s.id)} size="sm">
                {s.nombre}
              </Anchor>
              <Text span size="xs" c="dimmed">
                {t.detalle(s.version_physis, s.parametros_count)}
              </Text>
            </Group>
          ))}
        </Stack>
      ),
  },
];

/** One figure of the list's summary: '31 clientes'. */
function Cifra({ valor, nombre, testId }: { valor: string; nombre: string; testId: string }) {
  return (
    <Paper withBorder radius="md" px="md" py={6} data-testid={testId}>
      <Text size="sm">
        <Text span fw={700} fz="lg">
          {valor}
        </Text>{' '}
        {nombre}
      </Text>
    </Paper>
  );
}

/**
 * `/clientes/parametros` before a client is chosen: the clients with their installations, searched and paged on
 * the server (the view kept in the URL), how many there are, and a way into each one's parameters.
 */
export function InstalacionesLista() {
  const list = useListState(instalacionesListQuery);
  const clientes = useInstalaciones(list.apiParams);
  const navigate = useNavigate();
  const datos = clientes.data;

  return (
    <Stack gap="md">
      <Text c="dimmed">{t.elegirCliente}</Text>
      {datos && (
        <Group gap="sm" aria-live="polite">
          <Cifra
            testId="cifra-clientes"
            valor={datos.total_exacto === false ? t.masDe(datos.total) : formatNumero(datos.total)}
            nombre={t.clientes(datos.total)}
          />
          {datos.instalaciones !== null && (
            <Cifra
              testId="cifra-instalaciones"
              valor={formatNumero(datos.instalaciones)}
              nombre={t.instalaciones(datos.instalaciones)}
            />
          )}
        </Group>
      )}
      <DataTable
        label={t.lista}
        tableId="instalaciones"
        columns={columns}
        sortable={INSTALACIONES_SORT}
        rows={datos?.items}
        total={datos?.total ?? 0}
        totalExacto={datos?.total_exacto}
        totalEstimado={datos?.total_estimado}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.razon_social}
        loading={clientes.isPending}
        fetching={clientes.isPlaceholderData}
        error={clientes.error}
        onRetry={() => void clientes.refetch()}
        onRowClick={(row) => void navigate(instalacionesPath(row.id))}
        emptyText={t.sinClientes}
        toolbar={
          <ListSearch value={list.q} onSearch={list.setSearch} placeholder={clientesMessages.buscarPlaceholder} />
        }
      />
    </Stack>
  );
}
