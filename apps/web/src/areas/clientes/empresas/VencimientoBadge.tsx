import { Badge } from '@mantine/core';
import { ESTADO_COLOR, estadoVencimiento } from '@intranet/contract/areas/clientes/vencimientos';
import dayjs from 'dayjs';
import { formatFecha } from '../../../core/format.ts';
import { clientesMessages as t } from './messages.ts';

/** Colour of an expiry: the contract's one rule (red expired, orange ≤ 30 days, yellow ≤ 90, green beyond). */
export const colorVencimiento = (dias: number) => ESTADO_COLOR[estadoVencimiento(dias)];

/** Days from today (local date) to `fecha` (yyyy-mm-dd); negative when past. */
export const diasHasta = (fecha: string, hoy = dayjs()) => dayjs(fecha).startOf('day').diff(hoy.startOf('day'), 'day');

/** The client's next expiry as a coloured badge: the date and what it is, the days in the title. */
export function VencimientoBadge({
  vencimiento,
}: {
  vencimiento: { fecha: string; tipo: string; item: string } | null;
}) {
  if (!vencimiento) return null;
  const dias = diasHasta(vencimiento.fecha);
  const texto =
    dias < 0 ? t.vencimiento.vencido(-dias) : dias === 0 ? t.vencimiento.vencido(0) : t.vencimiento.vence(dias);
  return (
    <Badge variant="light" color={colorVencimiento(dias)} title={`${vencimiento.tipo}: ${vencimiento.item} · ${texto}`}>
      {formatFecha(vencimiento.fecha)}
    </Badge>
  );
}
