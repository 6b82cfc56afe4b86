import { Badge } from '@mantine/core';
import {
  RESULTADO_COLOR,
  RESULTADO_ETIQUETA,
  type ActualizacionResultado,
} from '@intranet/contract/areas/clientes/actualizaciones';

export function ResultadoBadge({ resultado }: { resultado: ActualizacionResultado }) {
  return (
    <Badge color={RESULTADO_COLOR[resultado]} variant="light">
      {RESULTADO_ETIQUETA[resultado]}
    </Badge>
  );
}
