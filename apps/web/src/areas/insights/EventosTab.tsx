import { Alert, Anchor, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { EventoResumen } from '@intranet/contract/areas/insights';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { listMessages } from '../../components/messages.ts';
import { formatFechaHora } from '../../core/format.ts';
import { EVENTOS_PAGE_SIZE, useEventos } from './api.ts';
import { NivelBadge } from './badges.tsx';
import { insightsMessages as t } from './messages.ts';

const c = t.eventoCampos;

/** Every event of the issue, newest first; one opens in the Evento tab. */
export function EventosTab({ issueId, onOpen }: { issueId: number; onOpen: (eventoId: string) => void }) {
  const [page, setPage] = useState(1);
  const eventos = useEventos(issueId, page);
  const columns = useMemo<ColumnDef<EventoResumen>[]>(
    () => [
      {
        id: 'fecha',
        header: c.fecha,
        meta: { width: 170 },
        cell: ({ row: { original: e } }) => (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onOpen(e.event_id)}
            aria-label={`${t.verEvento} ${e.event_id}`}
          >
            {formatFechaHora(e.fecha, { segundos: true })}
          </Anchor>
        ),
      },
      {
        id: 'nivel',
        header: t.campos.nivel,
        meta: { width: 110 },
        cell: ({ row }) => <NivelBadge nivel={row.original.nivel} />,
      },
      {
        id: 'mensaje',
        header: c.mensaje,
        cell: ({ row }) => <span style={{ overflowWrap: 'anywhere' }}>{row.original.mensaje}</span>,
      },
      { id: 'release', header: c.release, cell: ({ row }) => row.original.release ?? '—' },
      { id: 'environment', header: c.environment, cell: ({ row }) => row.original.environment ?? '—' },
      { id: 'usuario', header: c.usuario, cell: ({ row }) => row.original.usuario ?? '—' },
    ],
    [onOpen],
  );
  if (eventos.isPending) return <Loader size="sm" aria-label={listMessages.cargando} />;
  if (eventos.isError)
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {eventos.error.message}
      </Alert>
    );
  const { items, total } = eventos.data;
  if (total === 0) return <Text c="dimmed">{t.sinEventos}</Text>;
  return (
    <Stack gap="sm">
      <DataTable
        label={t.eventosTabla}
        columns={columns}
        rows={items}
        getRowId={(e) => e.event_id}
        minWidth={720}
        fetching={eventos.isPlaceholderData}
        onRowClick={(e) => onOpen(e.event_id)}
      />
      {total > EVENTOS_PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination
            size="sm"
            total={Math.ceil(total / EVENTOS_PAGE_SIZE)}
            value={page}
            onChange={setPage}
            aria-label={listMessages.paginacion}
          />
        </Group>
      )}
    </Stack>
  );
}
