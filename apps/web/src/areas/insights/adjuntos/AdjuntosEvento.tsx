import { Alert, Loader, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Adjunto } from '@intranet/contract/areas/insights/adjuntos';
import { DownloadLink } from '../../../components/ExportButton/DownloadLink.tsx';
import { TableOrCards } from '../../../components/TableOrCards.tsx';
import { formatBytes } from '../../../core/format.ts';
import { adjuntoUrl, useAdjuntos } from './api.ts';
import { adjuntosMessages as m } from './messages.ts';

/** What kind of attachment, as Sentry names it, in a few words: only the unusual kinds are told. */
const clase = (a: Adjunto) =>
  a.clase === 'event.attachment' ? a.tipo : `${a.tipo} · ${a.clase.replace(/^event\./, '')}`;

/** The files the SDK attached to an event: name, type, size and a download link (a file to save, never opened here). */
export function AdjuntosEvento({ issueId, eventId }: { issueId: number; eventId: string }) {
  const adjuntos = useAdjuntos(issueId, eventId);
  if (adjuntos.isPending) return <Loader size="sm" />;
  if (adjuntos.isError) return <Alert color="red">{m.error}</Alert>;
  const descarga = (a: Adjunto) => (
    <DownloadLink url={adjuntoUrl(issueId, eventId, a.id)} filename={a.nombre} aria-label={m.descargarNombre(a.nombre)}>
      <IconDownload size={14} />
      {m.descargar}
    </DownloadLink>
  );
  return (
    <TableOrCards
      label={m.titulo}
      rows={adjuntos.data}
      rowKey={(a) => a.id}
      empty={m.vacio}
      emptySize="sm"
      minWidth={480}
      columns={[
        { header: m.nombre, td: { style: { overflowWrap: 'anywhere' } }, cell: (a) => a.nombre },
        { header: m.tipo, td: { ff: 'monospace', fz: 'xs' }, cell: clase },
        { header: m.tamano, align: 'right', nowrap: true, cell: (a) => formatBytes(a.tamano) },
        { nowrap: true, cell: descarga },
      ]}
      card={(a) => (
        <>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {a.nombre}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {clase(a)} · {formatBytes(a.tamano)}
          </Text>
          {descarga(a)}
        </>
      )}
    />
  );
}
