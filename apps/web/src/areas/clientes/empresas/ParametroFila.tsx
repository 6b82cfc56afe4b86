import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import type { Parametro } from '@intranet/contract/clientes';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { useEliminarParametro } from './api.ts';
import { clientesMessages } from './messages.ts';
import { parametrosMessages as t } from './parametroOpciones.ts';
import { ParametroEdicion } from './ParametroEdicion.tsx';
import { ParametroValor } from './ParametroValor.tsx';

interface ParametroFilaProps {
  empresaId: number;
  parametro: Parametro;
  puedeEditar: boolean;
}

/** One parameter: key, type, value (edited in place) and description, with its edit and delete buttons. */
export function ParametroFila({ empresaId, parametro: p, puedeEditar }: ParametroFilaProps) {
  const [editando, setEditando] = useState(false);
  const [revelado, setRevelado] = useState<string | null>(null);
  const eliminar = useEliminarParametro(empresaId);

  const guardado = () => {
    setRevelado(null);
    setEditando(false);
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {p.clave}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={p.tipo === 'secreto' ? 'red' : 'gray'} size="sm">
          {t.tipos[p.tipo]}
        </Badge>
      </Table.Td>
      <Table.Td>
        {editando ? (
          <ParametroEdicion empresaId={empresaId} parametro={p} onGuardado={guardado} onCancelar={() => setEditando(false)} />
        ) : (
          <ParametroValor empresaId={empresaId} parametro={p} puedeEditar={puedeEditar} revelado={revelado} onRevelado={setRevelado} />
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {p.descripcion}
        </Text>
      </Table.Td>
      <Table.Td>
        {puedeEditar && !editando && (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={t.editarValor(p.clave)} onClick={() => setEditando(true)}>
              <IconEdit size={16} />
            </ActionIcon>
            <DeleteAction
              variant="icon"
              label={t.eliminarParametro(p.clave)}
              confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(p.clave) }}
              run={() => eliminar.mutateAsync(p.id)}
              done={{ title: t.eliminado, message: p.clave }}
              errorTitle={clientesMessages.errorEliminar}
            />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
