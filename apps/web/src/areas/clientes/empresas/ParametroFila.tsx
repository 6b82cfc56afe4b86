import { ActionIcon, Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { createContext, useContext } from 'react';
import type { Parametro } from '@intranet/contract/areas/clientes';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { useEliminarParametro } from './api.ts';
import { clientesMessages } from './messages.ts';
import { parametrosMessages as t } from './parametroOpciones.ts';
import { ParametroEdicion } from './ParametroEdicion.tsx';
import { ParametroValor } from './ParametroValor.tsx';

/**
 * What a parameter's cells share with their grid: who may edit, which values are being edited in place, which secrets
 * are in clear.
 */
export interface ParametroFilas {
  clienteId: number;
  puedeEditar: boolean;
  editando: ReadonlySet<number>;
  /** Secrets in clear once asked for, by parameter id. */
  revelados: Readonly<Partial<Record<number, string>>>;
  setEditando: (id: number, editando: boolean) => void;
  setRevelado: (id: number, valor: string | null) => void;
}

/**
 * The grid's rows' state, held by the grid rather than by each row (the table draws the rows): the columns stay
 * one module-level definition, so a cell keeps its own state (a value being typed) while others change.
 */
export const ParametroFilasContext = createContext<ParametroFilas | null>(null);

function useFilas(): ParametroFilas {
  const filas = useContext(ParametroFilasContext);
  if (!filas) throw new Error('ParametroFilasContext sin proveer');
  return filas;
}

/** A parameter's value: edited in place, or shown (a secret masked until revealed). */
function ValorCelda({ parametro: p }: { parametro: Parametro }) {
  const { clienteId, puedeEditar, editando, revelados, setEditando, setRevelado } = useFilas();
  const guardado = () => {
    setRevelado(p.id, null);
    setEditando(p.id, false);
  };
  return editando.has(p.id) ? (
    <ParametroEdicion
      clienteId={clienteId}
      parametro={p}
      onGuardado={guardado}
      onCancelar={() => setEditando(p.id, false)}
    />
  ) : (
    <ParametroValor
      clienteId={clienteId}
      parametro={p}
      puedeEditar={puedeEditar}
      revelado={revelados[p.id] ?? null}
      onRevelado={(valor) => setRevelado(p.id, valor)}
    />
  );
}

/** A parameter's edit and delete buttons, for those who may edit and while its value is not being edited. */
function AccionesCelda({ parametro: p }: { parametro: Parametro }) {
  const { clienteId, puedeEditar, editando, setEditando } = useFilas();
  const eliminar = useEliminarParametro(clienteId);
  if (!puedeEditar || editando.has(p.id)) return null;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={t.editarValor(p.clave)} onClick={() => setEditando(p.id, true)}>
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
  );
}

/** One parameter per row: key, type, value (edited in place) and description, with its edit and delete buttons. */
export const parametroColumnas: ColumnDef<Parametro>[] = [
  {
    id: 'clave',
    header: t.campos.clave,
    meta: { width: '24%' },
    cell: ({ row }) => (
      <Text size="sm" ff="monospace">
        {row.original.clave}
      </Text>
    ),
  },
  {
    id: 'tipo',
    header: t.campos.tipo,
    meta: { width: 90 },
    cell: ({ row: { original: p } }) => (
      <Badge variant="light" color={p.tipo === 'secreto' ? 'red' : 'gray'} size="sm">
        {t.tipos[p.tipo]}
      </Badge>
    ),
  },
  { id: 'valor', header: t.campos.valor, cell: ({ row }) => <ValorCelda parametro={row.original} /> },
  {
    id: 'descripcion',
    header: t.campos.descripcion,
    meta: { width: '22%' },
    cell: ({ row }) => (
      <Text size="xs" c="dimmed">
        {row.original.descripcion}
      </Text>
    ),
  },
  {
    id: 'acciones',
    header: () => <VisuallyHidden>{t.campos.acciones}</VisuallyHidden>,
    meta: { width: 120 },
    cell: ({ row }) => <AccionesCelda parametro={row.original} />,
  },
];
