import { Badge } from '@mantine/core';
import type { VersionEstado } from '@intranet/contract/areas/versiones';
import { versionesMessages as t } from './messages.ts';

export function EstadoBadge({ estado }: { estado: VersionEstado }) {
  return (
    <Badge variant="light" color={t.estadoColores[estado]}>
      {t.estados[estado]}
    </Badge>
  );
}
