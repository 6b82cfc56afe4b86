import { Badge, Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { ISSUE_ESTADO_NOMBRES, type Issue, type IssueEstado, type Nivel } from '@intranet/contract/areas/insights';
import { formatFechaHora } from '../../core/format.ts';
import { insightsMessages as t } from './messages.ts';

dayjs.extend(relativeTime);

/** A badge keeps its whole word in a narrow table column instead of an ellipsis. */
const WHOLE = { width: 'max-content', maxWidth: 'none', overflow: 'visible' } as const;

/** An event's level in its colour (fatal dark red … debug grey). */
export function NivelBadge({ nivel }: { nivel: Nivel }) {
  return (
    <Badge
      color={t.nivelColores[nivel]}
      variant={nivel === 'fatal' ? 'filled' : 'light'}
      size="sm"
      radius="sm"
      style={WHOLE}
    >
      {t.niveles[nivel]}
    </Badge>
  );
}

export function EstadoIssueBadge({ estado }: { estado: IssueEstado }) {
  return (
    <Badge color={t.estadoColores[estado]} variant="dot" size="md" style={WHOLE}>
      {ISSUE_ESTADO_NOMBRES[estado]}
    </Badge>
  );
}

/**
 * The issue's culprit: as the source maps read it when they resolve its top in-app frame, marked 'source map'
 * (the minified one on hover and for screen readers); else as the SDK sent it.
 */
export function Culprit({ issue }: { issue: Pick<Issue, 'culprit' | 'culprit_mapa'> }) {
  if (!issue.culprit_mapa) return <>{issue.culprit}</>;
  const minificado = t.culpritMinificado(issue.culprit);
  return (
    <>
      {issue.culprit_mapa}{' '}
      <Tooltip label={minificado} multiline maw={420} withinPortal>
        <Badge
          component="span"
          size="xs"
          variant="light"
          color="teal"
          aria-label={minificado}
          style={{ ...WHOLE, verticalAlign: 'middle', fontFamily: 'inherit' }}
        >
          {t.culpritMapa}
        </Badge>
      </Tooltip>
    </>
  );
}

/** 'hace 5 minutos' over the exact date and time (the seconds on hover). */
export function FechaRelativa({ fecha }: { fecha: string }) {
  const absoluta = formatFechaHora(fecha, { segundos: true });
  return (
    <Tooltip label={absoluta} withArrow openDelay={300}>
      <Text component="time" dateTime={fecha} size="sm" style={{ whiteSpace: 'nowrap', display: 'block' }}>
        {dayjs(fecha).fromNow()}
        <Text span display="block" size="xs" c="dimmed">
          {formatFechaHora(fecha)}
        </Text>
      </Text>
    </Tooltip>
  );
}
