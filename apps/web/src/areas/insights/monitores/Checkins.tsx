import { Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { CHECKIN_ESTADO_NOMBRES, type Checkin, type CheckinEstado } from '@intranet/contract/areas/insights/monitores';
import { useTelefono } from '../../../components/useTelefono.ts';
import { formatFechaHora } from '../../../core/format.ts';
import { monitoresMessages as t } from './messages.ts';

const COLOR: Record<CheckinEstado, string> = {
  in_progress: 'blue',
  ok: 'green',
  error: 'red',
  missed: 'orange',
  timeout: 'grape',
};

export function EstadoCheckin({ estado }: { estado: CheckinEstado | null }) {
  if (estado === null)
    return (
      <Badge variant="light" color="gray">
        {t.sinEjecuciones}
      </Badge>
    );
  return (
    <Badge variant="light" color={COLOR[estado]}>
      {CHECKIN_ESTADO_NOMBRES[estado]}
    </Badge>
  );
}

/** Seconds as "850 ms", "12,5 s", "6 min 05 s", "1 h 02 min". */
export function formatDuracion(segundos: number | null): string {
  if (segundos === null) return '—';
  if (segundos < 1) return `${Math.round(segundos * 1000)} ms`;
  if (segundos < 60) return `${segundos.toLocaleString('es-AR', { maximumFractionDigits: 1 })} s`;
  const s = Math.round(segundos);
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** A few check-ins as dots with their state (the list's "Últimos check-ins"), newest first. */
export function UltimosCheckins({ checkins }: { checkins: Checkin[] }) {
  if (checkins.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t.sinEjecuciones}
      </Text>
    );
  return (
    <Group gap={4} component="ul" aria-label={t.ultimos} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {checkins.map((c) => {
        const texto = `${CHECKIN_ESTADO_NOMBRES[c.estado]} · ${formatFechaHora(c.fecha)} · ${formatDuracion(c.duracion)}`;
        return (
          <Tooltip key={c.id} label={texto}>
            <Badge component="li" size="xs" circle color={COLOR[c.estado]} aria-label={texto}>
              {' '}
            </Badge>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** A monitor's check-ins history: cards on a phone, a table elsewhere. */
export function HistorialCheckins({ checkins }: { checkins: Checkin[] }) {
  const telefono = useTelefono();
  if (checkins.length === 0) return <Text c="dimmed">{t.historialVacio}</Text>;
  if (telefono)
    return (
      <Stack gap="xs" component="ul" aria-label={t.historial} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {checkins.map((c) => (
          <Paper key={c.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs">
              <EstadoCheckin estado={c.estado} />
              <Text size="sm">{formatFechaHora(c.fecha)}</Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {[`${t.duracion}: ${formatDuracion(c.duracion)}`, c.environment, c.release].filter(Boolean).join(' · ')}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped aria-label={t.historial}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.estado}</Table.Th>
            <Table.Th>{t.fecha}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t.duracion}</Table.Th>
            <Table.Th>{t.entorno}</Table.Th>
            <Table.Th>{t.release}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {checkins.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <EstadoCheckin estado={c.estado} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFechaHora(c.fecha, { segundos: true })}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatDuracion(c.duracion)}</Table.Td>
              <Table.Td>{c.environment ?? '—'}</Table.Td>
              <Table.Td ff="monospace">{c.release ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
