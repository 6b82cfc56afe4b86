import { Badge } from '@mantine/core';
import { diasRestantesTexto, ESTADO_COLOR, ESTADO_ETIQUETA, estadoVencimiento } from '@intranet/contract/vencimientos';

/** The state of an expiry as a coloured chip (red expired, orange ≤ 30 days, yellow ≤ 90, green beyond). */
export function EstadoChip({ dias }: { dias: number }) {
  const estado = estadoVencimiento(dias);
  return (
    <Badge color={ESTADO_COLOR[estado]} variant="filled" autoContrast style={{ flexShrink: 0, overflow: 'visible' }} data-estado={estado} title={diasRestantesTexto(dias)}>
      {ESTADO_ETIQUETA[estado]}
    </Badge>
  );
}
