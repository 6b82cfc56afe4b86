import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { CHECKIN_ESTADO_NOMBRES, type Checkin, type CheckinEstado } from '@intranet/contract/areas/insights/monitores';
import { TableOrCards } from '../../../components/TableOrCards.tsx';
import { formatFechaHora } from '../../../core/format.ts';
import { monitoresMessages as t } from './messages.ts';

const COLOR: Record<CheckinEstado, string> = {
  in_progress: 'blue',
  ok: 'green',
  error: 'red',
  missed: 'orange',
  timeout: 'grape',
};

/** Beside the last check-ins' dots, the state keeps its whole word: the dots wrap instead. */
const NO_ENCOGER = { flexShrink: 0 } as const;

export function EstadoCheckin({ estado }: { estado: CheckinEstado | null }) {
  if (estado === null)
    return (
      <Badge variant="light" color="gray" style={NO_ENCOGER}>
        {t.sinEjecuciones}
      </Badge>
    );
  return (
    <Badge variant="light" color={COLOR[estado]} style={NO_ENCOGER}>
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
  return (
    <TableOrCards
      label={t.historial}
      rows={checkins}
      rowKey={(c) => c.id}
      empty={t.historialVacio}
      minWidth={600}
      striped
      columns={[
        { header: t.estado, cell: (c) => <EstadoCheckin estado={c.estado} /> },
        { header: t.fecha, nowrap: true, cell: (c) => formatFechaHora(c.fecha, { segundos: true }) },
        { header: t.duracion, align: 'right', cell: (c) => formatDuracion(c.duracion) },
        { header: t.entorno, cell: (c) => c.environment ?? '—' },
        { header: t.release, td: { ff: 'monospace' }, cell: (c) => c.release ?? '—' },
      ]}
      card={(c) => (
        <>
          <Group justify="space-between" gap="xs">
            <EstadoCheckin estado={c.estado} />
            <Text size="sm">{formatFechaHora(c.fecha)}</Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {[`${t.duracion}: ${formatDuracion(c.duracion)}`, c.environment, c.release].filter(Boolean).join(' · ')}
          </Text>
        </>
      )}
    />
  );
}
