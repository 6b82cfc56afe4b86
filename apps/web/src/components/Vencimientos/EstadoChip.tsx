import { Badge } from '@mantine/core';
import {
  diasRestantesTexto,
  ESTADO_COLOR,
  ESTADO_ETIQUETA,
  estadoVencimiento,
} from '@intranet/contract/areas/clientes/vencimientos';

/** The state of an expiry as a coloured chip (red expired, orange ≤ 30 days, yellow ≤ 90, green beyond). */
export function EstadoChip({ dias }: { dias: number }) {
  const estado = estadoVencimiento(dias);
  // A lighter yellow, so it does not read as the orange of "Por vencer".
  const color = estado === 'proximo' ? 'yellow.4' : ESTADO_COLOR[estado];
  return (
    <Badge
      color={color}
      variant="filled"
      autoContrast
      miw={100}
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
      data-estado={estado}
      data-color={ESTADO_COLOR[estado]}
      title={diasRestantesTexto(dias)}
    >
      {ESTADO_ETIQUETA[estado]}
    </Badge>
  );
}
