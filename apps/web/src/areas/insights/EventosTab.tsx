import { Alert, Anchor, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { listMessages } from '../../components/messages.ts';
import { formatFechaHora } from '../../core/format.ts';
import { EVENTOS_PAGE_SIZE, useEventos } from './api.ts';
import { NivelBadge } from './badges.tsx';
import { insightsMessages as t } from './messages.ts';

/** Every event of the issue, newest first; one opens in the Evento tab. */
export function EventosTab({ issueId, onOpen }: { issueId: number; onOpen: (eventoId: string) => void }) {
  const [page, setPage] = useState(1);
  const eventos = useEventos(issueId, page);
  if (eventos.isPending) return <Loader size="sm" aria-label={listMessages.cargando} />;
  if (eventos.isError) return <Alert color="red" role="alert" title={listMessages.errorCarga}>{eventos.error.message}</Alert>;
  const { items, total } = eventos.data;
  if (total === 0) return <Text c="dimmed">{t.sinEventos}</Text>;
  const c = t.eventoCampos;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label={t.eventosTabla} striped highlightOnHover verticalSpacing="xs" style={{ opacity: eventos.isPlaceholderData ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={170}>{c.fecha}</Table.Th>
              <Table.Th w={110}>{t.campos.nivel}</Table.Th>
              <Table.Th>{c.mensaje}</Table.Th>
              <Table.Th>{c.release}</Table.Th>
              <Table.Th>{c.environment}</Table.Th>
              <Table.Th>{c.usuario}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((e) => (
              <Table.Tr key={e.event_id} onClick={() => onOpen(e.event_id)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Anchor component="button" type="button" size="sm" onClick={() => onOpen(e.event_id)} aria-label={`${t.verEvento} ${e.event_id}`}>
                    {formatFechaHora(e.fecha, { segundos: true })}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <NivelBadge nivel={e.nivel} />
                </Table.Td>
                <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {e.mensaje}
                </Table.Td>
                <Table.Td fz="sm">{e.release ?? '—'}</Table.Td>
                <Table.Td fz="sm">{e.environment ?? '—'}</Table.Td>
                <Table.Td fz="sm">{e.usuario ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > EVENTOS_PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination size="sm" total={Math.ceil(total / EVENTOS_PAGE_SIZE)} value={page} onChange={setPage} aria-label={listMessages.paginacion} />
        </Group>
      )}
    </Stack>
  );
}
