import { Alert, Anchor, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Adjunto } from '@intranet/contract/areas/insights/adjuntos';
import { useTelefono } from '../../../components/useTelefono.ts';
import { formatBytes } from '../../../core/format.ts';
import { adjuntoUrl, useAdjuntos } from './api.ts';
import { adjuntosMessages as m } from './messages.ts';

/** What kind of attachment, as Sentry names it, in a few words: only the unusual kinds are told. */
const clase = (a: Adjunto) =>
  a.clase === 'event.attachment' ? a.tipo : `${a.tipo} · ${a.clase.replace(/^event\./, '')}`;

/** The files the SDK attached to an event: name, type, size and a download link (a file to save, never opened here). */
export function AdjuntosEvento({ issueId, eventId }: { issueId: number; eventId: string }) {
  const adjuntos = useAdjuntos(issueId, eventId);
  const telefono = useTelefono();
  if (adjuntos.isPending) return <Loader size="sm" />;
  if (adjuntos.isError) return <Alert color="red">{m.error}</Alert>;
  if (adjuntos.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {m.vacio}
      </Text>
    );
  const descarga = (a: Adjunto) => (
    <Anchor
      href={adjuntoUrl(issueId, eventId, a.id)}
      download={a.nombre}
      size="sm"
      aria-label={m.descargarNombre(a.nombre)}
    >
      <Group gap={4} wrap="nowrap" component="span">
        <IconDownload size={14} />
        {m.descargar}
      </Group>
    </Anchor>
  );
  if (telefono)
    return (
      <Stack gap="xs" component="ul" aria-label={m.titulo} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {adjuntos.data.map((a) => (
          <Paper key={a.id} component="li" withBorder radius="md" p="sm">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {a.nombre}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {clase(a)} · {formatBytes(a.tamano)}
            </Text>
            {descarga(a)}
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table aria-label={m.titulo}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m.nombre}</Table.Th>
            <Table.Th>{m.tipo}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{m.tamano}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {adjuntos.data.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.nombre}</Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {clase(a)}
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatBytes(a.tamano)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{descarga(a)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
