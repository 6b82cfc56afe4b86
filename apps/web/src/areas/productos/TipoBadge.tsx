import { Badge } from '@mantine/core';
import type { ProductoTipo } from '@intranet/contract/areas/productos';
import { productosMessages as t } from './messages.ts';

export function TipoBadge({ tipo }: { tipo: ProductoTipo }) {
  return (
    <Badge variant="light" color={t.tipoColores[tipo]}>
      {t.tipos[tipo]}
    </Badge>
  );
}
