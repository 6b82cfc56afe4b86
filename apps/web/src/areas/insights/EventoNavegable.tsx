import { Alert, Button, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight, IconJson } from '@tabler/icons-react';
import type { IssueDetalle } from '@intranet/contract/areas/insights';
import { DownloadLink } from '../../components/ExportButton/DownloadLink.tsx';
import { listMessages } from '../../components/messages.ts';
import { eventoJsonUrl, useEvento } from './api.ts';
import { FechaRelativa } from './badges.tsx';
import { EventoView } from './EventoView.tsx';
import { insightsMessages as t } from './messages.ts';

interface EventoNavegableProps {
  issue: IssueDetalle;
  /** The event chosen in the URL; null shows the latest, which came with the issue. */
  eventoId: string | null;
  onNavigate: (eventoId: string | null) => void;
}

/** The chosen event of the issue with previous / next navigation through its events. */
export function EventoNavegable({ issue, eventoId, onNavigate }: EventoNavegableProps) {
  const elegido = useEvento(issue.id, eventoId ?? 'latest', eventoId !== null);
  const evento = eventoId === null ? issue.ultimo_evento : elegido.data;

  if (eventoId === null && !issue.ultimo_evento) return <Text c="dimmed">{t.sinEventos}</Text>;
  if (eventoId !== null && elegido.isPending) return <Loader size="sm" aria-label={listMessages.cargando} />;
  if (eventoId !== null && elegido.isError) {
    return (
      <Alert color="red" role="alert" title={t.errorEvento}>
        {elegido.error.message}
      </Alert>
    );
  }
  if (!evento) return null;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t.eventoId}
          </Text>
          <Code>{evento.event_id.slice(0, 12)}</Code>
          <FechaRelativa fecha={evento.fecha} />
          <DownloadLink
            url={eventoJsonUrl(issue.id, evento.event_id)}
            filename={`evento-${evento.event_id}.json`}
            title={t.verJsonTitulo}
            aria-label={t.verJsonTitulo}
          >
            <IconJson size={16} aria-hidden />
            {t.verJson}
          </DownloadLink>
        </Group>
        <Group gap={4} role="navigation" aria-label={t.tabs.eventos}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconChevronsLeft size={14} />}
            disabled={!evento.anterior}
            onClick={() => onNavigate('oldest')}
          >
            {t.eventoMasViejo}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconChevronLeft size={14} />}
            disabled={!evento.anterior}
            onClick={() => onNavigate(evento.anterior)}
          >
            {t.eventoAnterior}
          </Button>
          <Button
            size="xs"
            variant="default"
            rightSection={<IconChevronRight size={14} />}
            disabled={!evento.siguiente}
            onClick={() => onNavigate(evento.siguiente)}
          >
            {t.eventoSiguiente}
          </Button>
          <Button
            size="xs"
            variant="default"
            rightSection={<IconChevronsRight size={14} />}
            disabled={!evento.siguiente}
            onClick={() => onNavigate(null)}
          >
            {t.eventoMasNuevo}
          </Button>
        </Group>
      </Group>
      <EventoView evento={evento} />
    </Stack>
  );
}
