import { ActionIcon, Alert, Badge, Button, Group, Loader, Paper, PasswordInput, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconEdit, IconEye, IconEyeOff, IconPlus, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { errorDeValor, PARAMETRO_TIPOS, parametroInput, type Parametro, type ParametroInput } from '@intranet/contract/clientes';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { FormError } from '../../../components/form/FormError.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { formMessages, listMessages } from '../../../components/messages.ts';
import { HttpError } from '../../../core/http/HttpError.ts';
import { useCrearParametro, useEliminarParametro, useModificarParametro, useParametros, useRevelarSecreto } from './api.ts';
import { clientesMessages } from './messages.ts';

const t = clientesMessages.instalaciones;
const tipoOptions = PARAMETRO_TIPOS.map((tipo) => ({ value: tipo, label: t.tipos[tipo] }));
const booleanOptions = [
  { value: 'true', label: clientesMessages.si },
  { value: 'false', label: clientesMessages.no },
];

interface ParametrosGridProps {
  empresaId: number;
  /** One of the client's servers, or null for the client's own parameters. */
  servidorId: number | null;
  puedeEditar: boolean;
  /** More buttons beside "Agregar parámetro" (the detail's "Copiar de otro cliente"). */
  acciones?: ReactNode;
}

/** The key/value grid of one scope, grouped by `grupo`, typed, edited inline; secrets masked until revealed. */
export function ParametrosGrid({ empresaId, servidorId, puedeEditar, acciones }: ParametrosGridProps) {
  const parametros = useParametros(empresaId, servidorId);
  const [agregando, setAgregando] = useState(false);

  if (parametros.isPending) return <Loader aria-label={listMessages.cargando} />;
  if (parametros.isError) {
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {parametros.error.message}
      </Alert>
    );
  }
  const grupos = new Map<string, Parametro[]>();
  for (const p of parametros.data) grupos.set(p.grupo, [...(grupos.get(p.grupo) ?? []), p]);

  return (
    <Stack gap="md">
      {puedeEditar && (
        <Group>
          {!agregando && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAgregando(true)}>
              {t.nuevo}
            </Button>
          )}
          {acciones}
        </Group>
      )}
      {agregando && <NuevoParametro empresaId={empresaId} servidorId={servidorId} onDone={() => setAgregando(false)} grupos={[...grupos.keys()]} />}
      {grupos.size === 0 && !agregando && <Text c="dimmed">{t.sinParametros}</Text>}
      {[...grupos.entries()].map(([grupo, filas]) => (
        <Paper key={grupo} withBorder radius="md" p="md">
          <Text fw={700} mb="xs">
            {grupo}
          </Text>
          <Table aria-label={t.tabla(grupo)} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="24%">{t.campos.clave}</Table.Th>
                <Table.Th w={90}>{t.campos.tipo}</Table.Th>
                <Table.Th>{t.campos.valor}</Table.Th>
                <Table.Th w="22%">{t.campos.descripcion}</Table.Th>
                <Table.Th w={120} aria-label={t.campos.acciones} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((p) => (
                <ParametroFila key={p.id} empresaId={empresaId} parametro={p} puedeEditar={puedeEditar} />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}

function mostrar(p: Parametro): string {
  if (p.tipo === 'booleano') return p.valor === 'true' ? clientesMessages.si : clientesMessages.no;
  return p.valor ?? '';
}

/** One parameter: its value shown (secrets masked), edited in place. */
function ParametroFila({ empresaId, parametro: p, puedeEditar }: { empresaId: number; parametro: Parametro; puedeEditar: boolean }) {
  const [editando, setEditando] = useState(false);
  const [valor, setValor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [revelado, setRevelado] = useState<string | null>(null);
  const modificar = useModificarParametro(empresaId);
  const eliminar = useEliminarParametro(empresaId);
  const revelar = useRevelarSecreto(empresaId);
  const secreto = p.tipo === 'secreto';

  const empezar = () => {
    setValor(secreto ? '' : (p.valor ?? ''));
    setError(null);
    setEditando(true);
  };

  const guardar = async () => {
    const nuevo = valor.trim();
    const conservarSecreto = secreto && nuevo === '';
    const local = conservarSecreto ? null : errorDeValor(p.tipo, nuevo);
    if (local) {
      setError(local);
      return;
    }
    try {
      await modificar.mutateAsync({
        id: p.id,
        values: { grupo: p.grupo, clave: p.clave, tipo: p.tipo, descripcion: p.descripcion, ...(conservarSecreto ? {} : { valor: nuevo }) },
      });
      notifications.show({ color: 'green', title: t.guardado, message: p.clave });
      setRevelado(null);
      setEditando(false);
    } catch (err) {
      setError(err instanceof HttpError ? (err.campos['valor']?.[0] ?? err.message) : t.errorGuardar);
    }
  };

  const mostrarSecreto = () => {
    revelar.mutate(p.id, {
      onSuccess: (v) => setRevelado(v),
      onError: (err) => notifications.show({ color: 'red', title: t.errorRevelar, message: err.message }),
    });
  };


  const editor = () => {
    const props = { 'aria-label': t.campos.valor, error, size: 'xs' as const, autoFocus: true };
    if (p.tipo === 'booleano') {
      return <Select {...props} data={booleanOptions} value={valor || null} onChange={(v) => setValor(v ?? '')} allowDeselect={false} comboboxProps={{ withinPortal: true }} />;
    }
    if (secreto) {
      return <PasswordInput {...props} placeholder={t.nuevoSecreto} value={valor} onChange={(e) => setValor(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && void guardar()} />;
    }
    return <TextInput {...props} value={valor} onChange={(e) => setValor(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && void guardar()} ff={p.tipo === 'ruta' || p.tipo === 'url' ? 'monospace' : undefined} />;
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {p.clave}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={secreto ? 'red' : 'gray'} size="sm">
          {t.tipos[p.tipo]}
        </Badge>
      </Table.Td>
      <Table.Td>
        {editando ? (
          <Group gap={4} wrap="nowrap" align="flex-start">
            <div style={{ flex: 1 }}>{editor()}</div>
            <ActionIcon variant="filled" aria-label={t.guardarValor(p.clave)} onClick={() => void guardar()} loading={modificar.isPending}>
              <IconCheck size={16} />
            </ActionIcon>
            <ActionIcon variant="default" aria-label={t.cancelarEdicion} onClick={() => setEditando(false)}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ) : secreto ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" ff="monospace" data-testid={`valor-${p.clave}`}>
              {revelado ?? t.enmascarado}
            </Text>
            {puedeEditar &&
              (revelado === null ? (
                <Tooltip label={t.revelarAyuda}>
                  <ActionIcon variant="subtle" size="sm" aria-label={t.revelar(p.clave)} onClick={mostrarSecreto} loading={revelar.isPending}>
                    <IconEye size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : (
                <ActionIcon variant="subtle" size="sm" aria-label={t.ocultar(p.clave)} onClick={() => setRevelado(null)}>
                  <IconEyeOff size={16} />
                </ActionIcon>
              ))}
          </Group>
        ) : (
          <Text size="sm" ff={p.tipo === 'ruta' || p.tipo === 'url' ? 'monospace' : undefined} data-testid={`valor-${p.clave}`} style={{ wordBreak: 'break-all' }}>
            {mostrar(p)}
          </Text>
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
            <ActionIcon variant="subtle" aria-label={t.editarValor(p.clave)} onClick={empezar}>
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

const FIELDS = ['grupo', 'clave', 'tipo', 'valor', 'descripcion'] as const;

/** Adds one parameter to the scope (the form validates the value by its type, as the server does). */
function NuevoParametro({ empresaId, servidorId, grupos, onDone }: { empresaId: number; servidorId: number | null; grupos: string[]; onDone: () => void }) {
  const form = useForm<ParametroInput, unknown, ParametroInput>({
    resolver: contractResolver(parametroInput),
    defaultValues: { servidor_id: servidorId, grupo: grupos[0] ?? 'General', clave: '', tipo: 'texto', valor: '', descripcion: '' },
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form, FIELDS);
  const crear = useCrearParametro(empresaId);
  const tipo = form.watch('tipo');

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const creado = await crear.mutateAsync(values);
      notifications.show({ color: 'green', title: t.guardado, message: creado.clave });
      onDone();
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.nuevoTitulo}>
        <Stack gap="sm">
          <Text fw={700}>{t.nuevoTitulo}</Text>
          <FormError message={formError} />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextField control={form.control} name="grupo" label={t.campos.grupo} withAsterisk w={160} maxLength={60} />
            <TextField control={form.control} name="clave" label={t.campos.clave} withAsterisk w={200} maxLength={100} autoFocus />
            <SelectField control={form.control} name="tipo" label={t.campos.tipo} data={tipoOptions} w={130} />
            {tipo === 'booleano' ? (
              <SelectField control={form.control} name="valor" label={t.campos.valor} data={booleanOptions} w={120} />
            ) : (
              <TextField control={form.control} name="valor" label={t.campos.valor} type={tipo === 'secreto' ? 'password' : 'text'} w={260} maxLength={2000} />
            )}
            <TextField control={form.control} name="descripcion" label={t.campos.descripcion} w={220} maxLength={500} />
          </Group>
          <Group gap="sm">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {formMessages.guardar}
            </Button>
            <Button variant="default" onClick={onDone}>
              {formMessages.cancelar}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
