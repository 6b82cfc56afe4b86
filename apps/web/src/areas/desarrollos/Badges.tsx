import { Badge, Text } from '@mantine/core';
import type { DesarrolloEstado, DesarrolloPrioridad } from '@intranet/contract/areas/desarrollos';
import { formatFecha } from '../../core/format.ts';
import { desarrollosMessages as t } from './messages.ts';

// A badge in a narrow table cell or card keeps its whole word.
const NUNCA_CORTADO = { root: { flexShrink: 0 }, label: { overflow: 'visible' } } as const;

export function EstadoBadge({ estado }: { estado: DesarrolloEstado }) {
  return (
    <Badge variant="light" color={t.estadoColores[estado]} styles={NUNCA_CORTADO} data-estado={estado}>
      {t.estados[estado]}
    </Badge>
  );
}

export function PrioridadBadge({ prioridad, size = 'sm' }: { prioridad: DesarrolloPrioridad; size?: 'xs' | 'sm' }) {
  return (
    <Badge
      variant={prioridad === 'urgente' ? 'filled' : 'light'}
      color={t.prioridadColores[prioridad]}
      size={size}
      styles={NUNCA_CORTADO}
    >
      {t.prioridades[prioridad]}
    </Badge>
  );
}

/** The commitment date, red (and said) when it has passed and the development is still open. */
export function Compromiso({
  fecha,
  vencido,
  size = 'sm',
}: {
  fecha: string | null;
  vencido: boolean;
  size?: 'xs' | 'sm';
}) {
  if (!fecha) return null;
  return (
    <Text
      component="span"
      size={size}
      c={vencido ? 'red' : undefined}
      fw={vencido ? 600 : undefined}
      data-vencido={vencido || undefined}
    >
      {formatFecha(fecha)}
      {vencido && ` (${t.vencidoHace.toLowerCase()})`}
    </Text>
  );
}
