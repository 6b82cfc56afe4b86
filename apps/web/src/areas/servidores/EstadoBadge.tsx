import { Badge } from '@mantine/core';
import type { Servidor } from '@intranet/contract/areas/servidores';
import { servidoresMessages } from './messages.ts';

export function EstadoBadge({ estado }: { estado: Servidor['estado'] }) {
  return (
    <Badge variant="light" color={servidoresMessages.estadoColores[estado]}>
      {servidoresMessages.estados[estado]}
    </Badge>
  );
}
