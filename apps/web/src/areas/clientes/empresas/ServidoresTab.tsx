import { Badge, Button, Group, Paper, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  servidorClienteInput,
  type ServidorCliente,
  type ServidorClienteInput,
} from '@intranet/contract/areas/clientes';
import { Link } from 'react-router';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { DetailGrid } from '../../../components/DetailGrid.tsx';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { FormError } from '../../../components/form/FormError.tsx';
import { NumberField } from '../../../components/form/NumberField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { TextareaField } from '../../../components/form/TextareaField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { listMessages } from '../../../components/messages.ts';
import { useDirtyGuard } from '../../../components/useDirtyGuard.ts';
import {
  useEliminarServidorCliente,
  useGuardarServidorCliente,
  useServidoresCliente,
  type ServidorClienteValues,
} from './api.ts';
import { clientesMessages } from './messages.ts';
import { FormActions } from '../../../components/form/FormActions.tsx';

const t = clientesMessages.servidores;

/** The client's servers, each editable in place; new ones added here. */
export function ServidoresTab({ clienteId, puedeEditar }: { clienteId: number; puedeEditar: boolean }) {
  const servidores = useServidoresCliente(clienteId);
  const [editando, setEditando] = useState<number | 'nuevo' | null>(null);

  if (servidores.isPending) return <Text c="dimmed">{listMessages.cargando}</Text>;
  if (servidores.isError) return <Text c="red">{servidores.error.message}</Text>;

  return (
    <Stack gap="md">
      {puedeEditar && editando !== 'nuevo' && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditando('nuevo')}>
            {t.nuevo}
          </Button>
        </Group>
      )}
      {editando === 'nuevo' && <ServidorForm clienteId={clienteId} onDone={() => setEditando(null)} />}
      {servidores.data.length === 0 && editando !== 'nuevo' && <Text c="dimmed">{t.sinServidores}</Text>}
      {servidores.data.map((s) =>
        editando === s.id ? (
          <ServidorForm key={s.id} clienteId={clienteId} servidor={s} onDone={() => setEditando(null)} />
        ) : (
          <ServidorCard
            key={s.id}
            clienteId={clienteId}
            servidor={s}
            puedeEditar={puedeEditar}
            onEdit={() => setEditando(s.id)}
          />
        ),
      )}
    </Stack>
  );
}

function ServidorCard({
  clienteId,
  servidor: s,
  puedeEditar,
  onEdit,
}: {
  clienteId: number;
  servidor: ServidorCliente;
  puedeEditar: boolean;
  onEdit: () => void;
}) {
  const eliminar = useEliminarServidorCliente(clienteId);
  return (
    <Paper withBorder radius="md" p="lg" aria-label={s.nombre} component="section">
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <Title order={4}>{s.nombre}</Title>
          {s.version_physis && (
            <Badge variant="light" color="blue">
              Physis {s.version_physis}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/clientes/parametros?empresa=${clienteId}&servidor=${s.id}`}
            variant="subtle"
            size="xs"
            leftSection={<IconSettings size={14} />}
          >
            {t.parametros}
          </Button>
          {puedeEditar && (
            <>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconEdit size={14} />}
                onClick={onEdit}
                aria-label={`${clientesMessages.editar} ${s.nombre}`}
              >
                {clientesMessages.editar}
              </Button>
              <DeleteAction
                size="xs"
                iconSize={14}
                label={`${clientesMessages.eliminar} ${s.nombre}`}
                confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(s.nombre) }}
                run={() => eliminar.mutateAsync(s.id)}
                done={{ title: t.eliminado, message: s.nombre }}
                errorTitle={t.errorEliminar}
              >
                {clientesMessages.eliminar}
              </DeleteAction>
            </>
          )}
        </Group>
      </Group>
      <DetailGrid
        items={[
          { label: t.campos.hostname, value: s.hostname },
          {
            label: t.campos.ip,
            value: s.ip && s.puerto ? `${s.ip}:${s.puerto}` : (s.ip ?? (s.puerto ? String(s.puerto) : null)),
          },
          { label: t.campos.so, value: s.so },
          { label: t.campos.motor_bd, value: s.motor_bd },
          { label: t.campos.instancia_bd, value: s.instancia_bd },
          { label: t.campos.dnss, value: s.dnss.length ? s.dnss.map((d) => d.host).join(', ') : null },
          ...(s.notas ? [{ label: t.campos.notas, value: s.notas, wide: true }] : []),
        ]}
      />
    </Paper>
  );
}

const FIELDS = [
  'nombre',
  'hostname',
  'ip',
  'puerto',
  'so',
  'motor_bd',
  'instancia_bd',
  'version_physis',
  'notas',
  'dnss',
] as const;

function ServidorForm({
  clienteId,
  servidor,
  onDone,
}: {
  clienteId: number;
  servidor?: ServidorCliente;
  onDone: () => void;
}) {
  const form = useForm<ServidorClienteInput, unknown, ServidorClienteValues>({
    resolver: contractResolver(servidorClienteInput),
    defaultValues: servidor
      ? {
          nombre: servidor.nombre,
          hostname: servidor.hostname ?? '',
          ip: servidor.ip ?? '',
          puerto: servidor.puerto,
          so: servidor.so ?? '',
          motor_bd: servidor.motor_bd ?? '',
          instancia_bd: servidor.instancia_bd ?? '',
          version_physis: servidor.version_physis ?? '',
          notas: servidor.notas ?? '',
          dnss: servidor.dnss.map((d) => d.host),
        }
      : {
          nombre: '',
          hostname: '',
          ip: '',
          puerto: 1433,
          so: '',
          motor_bd: '',
          instancia_bd: '',
          version_physis: '',
          notas: '',
          dnss: [],
        },
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form, FIELDS);
  const guardar = useGuardarServidorCliente(clienteId);
  useDirtyGuard(form.formState.isDirty && !guardar.isSuccess);
  const titulo = servidor ? t.editarTitulo(servidor.nombre) : t.nuevoTitulo;

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const saved = await guardar.mutateAsync({ id: servidor?.id, values });
      notifications.show({ color: 'green', title: t.guardado, message: saved.nombre });
      onDone();
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={titulo}>
        <Stack gap="sm">
          <Title order={4}>{titulo}</Title>
          <FormError message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <TextField
              control={form.control}
              name="nombre"
              label={t.campos.nombre}
              withAsterisk
              autoFocus
              maxLength={100}
            />
            <TextField control={form.control} name="hostname" label={t.campos.hostname} maxLength={253} />
            <TextField control={form.control} name="ip" label={t.campos.ip} maxLength={45} />
            <NumberField control={form.control} name="puerto" label={t.campos.puerto} min={1} max={65535} />
            <TextField control={form.control} name="so" label={t.campos.so} maxLength={100} />
            <TextField control={form.control} name="motor_bd" label={t.campos.motor_bd} maxLength={100} />
            <TextField control={form.control} name="instancia_bd" label={t.campos.instancia_bd} maxLength={100} />
            <TextField
              control={form.control}
              name="version_physis"
              label={t.campos.version_physis}
              placeholder="8.4.2"
              maxLength={20}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="dnss"
            render={({ field, fieldState }) => (
              <TagsInput
                label={t.campos.dnss}
                description={t.dnssAyuda}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={
                  fieldState.error?.message ??
                  Object.entries(form.formState.errors.dnss ?? {})
                    .map(([, e]) => (e as { message?: string } | undefined)?.message)
                    .find(Boolean)
                }
                splitChars={[',', ' ']}
                clearable
              />
            )}
          />
          <TextareaField
            control={form.control}
            name="notas"
            label={t.campos.notas}
            autosize
            minRows={2}
            maxLength={5000}
          />
          <FormActions inline onCancel={onDone} submitting={form.formState.isSubmitting} />
        </Stack>
      </form>
    </Paper>
  );
}
