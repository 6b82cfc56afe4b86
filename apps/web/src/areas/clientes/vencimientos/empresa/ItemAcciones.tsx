import { ActionIcon, Group } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { VencimientoTipo } from '@intranet/contract/areas/clientes/vencimientos';
import { DeleteAction } from '../../../../components/DeleteAction.tsx';
import { useEliminarItem } from '../api.ts';
import { vencimientosMessages as t } from '../messages.ts';

interface ItemAccionesProps {
  tipo: VencimientoTipo;
  id: number;
  /** How the row names the item: the buttons' labels and the confirmation's text. */
  nombre: string;
  onEditar: () => void;
}

/** The last cell of a certificate, point of sale or licence row: edit in its dialog, delete once confirmed. */
export function ItemAcciones({ tipo, id, nombre, onEditar }: ItemAccionesProps) {
  const eliminar = useEliminarItem();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`Editar ${nombre}`} onClick={onEditar}>
        <IconEdit size={16} />
      </ActionIcon>
      <DeleteAction
        variant="icon"
        tooltip={t.eliminar}
        label={`${t.eliminar} ${nombre}`}
        confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(nombre) }}
        run={() => eliminar.mutateAsync({ tipo, id })}
        done={{ title: t.eliminado, message: nombre }}
        errorTitle={t.errorEliminar}
      />
    </Group>
  );
}
