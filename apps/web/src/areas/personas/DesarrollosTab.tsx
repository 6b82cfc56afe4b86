import { Alert, Anchor, Badge, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import {
  DESARROLLO_ESTADO_NOMBRES,
  DESARROLLO_PRIORIDAD_NOMBRES,
  type DesarrolloFila,
} from '@intranet/contract/areas/desarrollos';
import { desarrollosApi } from '@intranet/contract/areas/desarrollos/endpoints';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { listMessages } from '../../components/messages.ts';
import { formatFecha } from '../../core/format.ts';
import { call } from '../../core/http/endpoint.ts';
import { personasMessages as t } from './messages.ts';

const MAX = 50;

const columns: ColumnDef<DesarrolloFila>[] = [
  {
    id: 'titulo',
    header: t.desarrolloCampos.titulo,
    cell: ({ row: { original: d } }) => (
      <Anchor component={Link} to={`/desarrollos/${d.id}`} fw={600} size="sm">
        {d.titulo}
      </Anchor>
    ),
  },
  { id: 'cliente', header: t.desarrolloCampos.cliente, cell: ({ row }) => row.original.empresa ?? t.desarrolloInterno },
  {
    id: 'estado',
    header: t.desarrolloCampos.estado,
    cell: ({ row }) => (
      <Badge variant="light" color="gray">
        {DESARROLLO_ESTADO_NOMBRES[row.original.estado]}
      </Badge>
    ),
  },
  {
    id: 'prioridad',
    header: t.desarrolloCampos.prioridad,
    cell: ({ row }) => DESARROLLO_PRIORIDAD_NOMBRES[row.original.prioridad],
  },
  {
    id: 'compromiso',
    header: t.desarrolloCampos.compromiso,
    cell: ({ row: { original: d } }) => (
      <Text span size="sm" c={d.vencido ? 'red' : undefined}>
        {d.fecha_compromiso ? formatFecha(d.fecha_compromiso) : '—'}
      </Text>
    ),
  },
];

/** The developments a person owns, from the Desarrollos list filtered by owner; open ones first. */
export function DesarrollosTab({ personaId }: { personaId: number }) {
  const filtro = `responsable_id=${personaId}`;
  const desarrollos = useQuery({
    queryKey: ['desarrollos', 'lista', `${filtro}&sort=estado&size=${MAX}`],
    queryFn: async ({ signal }) =>
      (await call(desarrollosApi.lista, { query: { responsable_id: personaId, sort: 'estado', size: MAX }, signal }))
        .datos,
  });
  if (desarrollos.isPending) return <Loader size="sm" aria-label={listMessages.cargando} />;
  if (desarrollos.isError) {
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {desarrollos.error.message}
      </Alert>
    );
  }
  const { items, total } = desarrollos.data;
  if (total === 0) return <Text c="dimmed">{t.sinDesarrollos}</Text>;
  return (
    <Stack gap="xs">
      <Paper withBorder radius="md">
        <DataTable label={t.desarrollosTabla} columns={columns} rows={items} getRowId={(d) => String(d.id)} />
      </Paper>
      <Anchor component={Link} to={`/desarrollos?${filtro}`} size="sm">
        {t.verDesarrollos(total)}
      </Anchor>
    </Stack>
  );
}
