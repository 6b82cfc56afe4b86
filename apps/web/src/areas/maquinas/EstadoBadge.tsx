import { Badge } from '@mantine/core';
import type { MaquinaEstado } from '@intranet/contract/areas/maquinas';
import { maquinasMessages as t } from './messages.ts';

export function EstadoBadge({ estado }: { estado: MaquinaEstado }) {
  return (
    <Badge variant="light" color={t.estadoColores[estado]}>
      {t.estados[estado]}
    </Badge>
  );
}
