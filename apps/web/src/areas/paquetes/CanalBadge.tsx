import { Badge } from '@mantine/core';
import { PAQUETE_CANALES, type PaqueteCanal } from '@intranet/contract/areas/paquetes';
import { instaladoresMessages as t } from './messages.ts';

const isCanal = (canal: string): canal is PaqueteCanal => (PAQUETE_CANALES as readonly string[]).includes(canal);

/** A package's or version's channel as a coloured chip. */
export function CanalBadge({ canal }: { canal: string | null }) {
  if (!canal) return null;
  return (
    <Badge variant="light" color={isCanal(canal) ? t.canalColores[canal] : 'gray'}>
      {isCanal(canal) ? t.canales[canal] : canal}
    </Badge>
  );
}
