import { Alert, Loader, Text, Timeline } from '@mantine/core';
import { IconArrowsExchange, IconMessage, IconUser } from '@tabler/icons-react';
import {
  ISSUE_ESTADO_NOMBRES,
  ISSUE_ESTADOS,
  type ActividadIssue,
  type IssueEstado,
} from '@intranet/contract/areas/insights';
import { formatFechaHora } from '../../core/format.ts';
import { useActividad } from './api.ts';
import { insightsMessages as t } from './messages.ts';

const a = t.actividad;
const esEstado = (v: string | null): v is IssueEstado => (ISSUE_ESTADOS as readonly string[]).includes(v ?? '');
const estado = (v: string | null) => (esEstado(v) ? ISSUE_ESTADO_NOMBRES[v] : (v ?? '—'));
/** "rol:Soporte" is the role Soporte as a team. */
const asignado = (v: string | null) => (v?.startsWith('rol:') ? t.equipo(v.slice(4)) : v);

function describir(item: ActividadIssue): string {
  if (item.tipo === 'estado') return a.estado(estado(item.antes), estado(item.despues));
  if (item.tipo === 'asignacion') return a.asignacion(asignado(item.despues));
  return a.comentario;
}

/** The issue's activity merged: state changes, assignments and comments, oldest first. */
export function ActividadTab({ issueId }: { issueId: number }) {
  const actividad = useActividad(issueId);
  if (actividad.isPending) return <Loader size="sm" />;
  if (actividad.isError) return <Alert color="red">{actividad.error.message}</Alert>;
  if (actividad.data.length === 0) return <Text c="dimmed">{a.vacio}</Text>;
  return (
    <Timeline bulletSize={24} lineWidth={2} aria-label={a.tab}>
      {actividad.data.map((item, i) => (
        <Timeline.Item
          // The entries carry no id and two can be equal; the list comes oldest first, so a new entry only adds a last
          // index, and the items hold no state.
          // biome-ignore lint/suspicious/noArrayIndexKey: the reason is above
          key={i}
          bullet={
            item.tipo === 'comentario' ? (
              <IconMessage size={14} />
            ) : item.tipo === 'asignacion' ? (
              <IconUser size={14} />
            ) : (
              <IconArrowsExchange size={14} />
            )
          }
          title={`${item.autor ?? a.sistema} ${describir(item)}`}
        >
          {item.texto && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.texto}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatFechaHora(item.fecha)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
