import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { ProductoDesactualizados } from '@intranet/contract/areas/clientes/actualizaciones';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton/ExportButton.tsx';
import { listMessages } from '../../../components/messages.ts';
import { desactualizadosCsvUrl, useDesactualizados } from './api.ts';
import { actualizacionesMessages as t } from './messages.ts';

const columns: ColumnDef<ProductoDesactualizados['clientes'][number]>[] = [
  {
    id: 'cliente',
    header: t.campos.cliente,
    cell: ({ row: { original: c } }) => (
      <Anchor component={Link} to={`/clientes/${c.empresa_id}`} size="sm" fw={600}>
        {c.cliente}
      </Anchor>
    ),
  },
  {
    id: 'servidores',
    header: t.servidoresDe,
    cell: ({ row }) => (
      <Stack gap={2}>
        {row.original.servidores.map((s) => (
          <Text key={s.id} size="sm">
            {s.nombre}: {s.version}
          </Text>
        ))}
      </Stack>
    ),
  },
  {
    id: 'version',
    header: t.campos.version,
    cell: ({ row: { original: c } }) => (
      <Badge color={c.atraso >= 3 ? 'red' : c.atraso === 2 ? 'orange' : 'yellow'} variant="light">
        {t.atraso(c.atraso)}
      </Badge>
    ),
  },
];

/**
 * "Clientes desactualizados": per product, the clients whose servers run a version older than the newest. It is
 * a view over the updates, not a list of records: no rows to delete or set, so no bulk bar; it exports whole,
 * a CSV row per server behind.
 */
export function Desactualizados({ clienteId }: { clienteId?: number }) {
  const datos = useDesactualizados({ empresa_id: clienteId });
  if (datos.isPending) return <Text size="sm">{listMessages.cargando}</Text>;
  if (datos.isError) return <Alert color="red">{datos.error.message}</Alert>;
  if (datos.data.length === 0) return <Text c="dimmed">{t.sinProductos}</Text>;
  return (
    <Stack gap="md">
      <Group justify="flex-end" className="no-print">
        <ExportButton url={desactualizadosCsvUrl({ empresa_id: clienteId })} name="clientes-desactualizados" />
      </Group>
      {datos.data.map((p) => (
        <Paper
          key={p.producto_id}
          withBorder
          p="md"
          component="section"
          aria-label={t.desactualizadosTabla(p.producto)}
        >
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4">
              {p.producto}
            </Title>
            <Text size="sm" c="dimmed">
              {t.ultimaVersion(p.ultima_version)}
            </Text>
          </Group>
          {p.clientes.length === 0 ? (
            <Text size="sm" c="green">
              {t.alDia}
            </Text>
          ) : (
            <DataTable
              label={t.desactualizadosTabla(p.producto)}
              columns={columns}
              rows={p.clientes}
              getRowId={(c) => String(c.empresa_id)}
            />
          )}
        </Paper>
      ))}
    </Stack>
  );
}
