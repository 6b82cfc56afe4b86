import { ActionIcon, Badge, Button, Checkbox, Code, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ColumnDef } from '@tanstack/react-table';
import {
  ALERTA_TIPO_VALUES,
  ALERTA_TIPOS,
  ENTREGA_ESTADOS,
  WEBHOOK_FIRMA,
  WEBHOOK_FORMATOS,
  webhookInput,
  type Entrega,
  type EntregaEstado,
  type Webhook,
  type WebhookInput,
} from '@intranet/contract/areas/alertas';
import { IconHistory, IconPencil, IconPlus, IconSend } from '@tabler/icons-react';
import { useController, useForm, type Control } from 'react-hook-form';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormError } from '../../components/form/FormError.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { SwitchField } from '../../components/form/SwitchField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../components/formDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import {
  useEliminarWebhook,
  useEntregas,
  useGuardarWebhook,
  useProbarWebhook,
  useReenviarEntrega,
  useWebhooks,
  webhooksLoteUrl,
} from './api.ts';
import { alertasMessages, duracion } from './messages.ts';

const t = alertasMessages.webhooks;
const MODAL_ID = 'webhook-form';
const COLOR: Record<EntregaEstado, string> = { pendiente: 'blue', enviada: 'green', error: 'red' };

function EntregaBadge({ estado, codigo }: { estado: EntregaEstado; codigo: number | null }) {
  return (
    <Badge color={COLOR[estado]} variant="light">
      {ENTREGA_ESTADOS[estado]}
      {codigo !== null ? ` · ${codigo}` : ''}
    </Badge>
  );
}

/** The kinds a webhook wants, as checkboxes. */
function EventosField({ control }: { control: Control<WebhookInput, unknown, WebhookInput> }) {
  const { field, fieldState } = useController({ control, name: 'eventos' });
  return (
    <Checkbox.Group
      label={t.campos.eventos}
      withAsterisk
      value={field.value}
      onChange={(v) => field.onChange(v)}
      error={fieldState.error?.message}
    >
      <Stack gap={6} mt={6}>
        {ALERTA_TIPO_VALUES.map((tipo) => (
          <Checkbox key={tipo} value={tipo} label={ALERTA_TIPOS[tipo]} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function WebhookForm({ webhook }: { webhook?: Webhook | undefined }) {
  const form = useForm<WebhookInput, unknown, WebhookInput>({
    resolver: contractResolver(webhookInput),
    defaultValues: webhook
      ? {
          nombre: webhook.nombre,
          url: webhook.url,
          formato: webhook.formato,
          eventos: webhook.eventos,
          activo: webhook.activo,
        }
      : { nombre: '', url: '', formato: 'json', eventos: ['certificado', 'punto_venta', 'tarea'], activo: true },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(MODAL_ID, form.formState.isDirty);
  const { formError, onServerError, clearFormError } = useServerErrors(form, Object.keys(webhookInput.shape));
  const guardar = useGuardarWebhook(webhook?.id);
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const w = await guardar.mutateAsync(values);
      form.reset(form.getValues());
      modals.close(MODAL_ID);
      notifications.show({ color: 'green', title: t.guardado, message: w.nombre });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={webhook ? t.editar : t.nuevo}>
      <Stack gap="sm">
        {sinGuardar}
        <FormError message={formError} />
        <TextField
          control={form.control}
          name="nombre"
          label={t.campos.nombre}
          withAsterisk
          maxLength={100}
          data-autofocus
        />
        <TextField
          control={form.control}
          name="url"
          label={t.campos.url}
          withAsterisk
          maxLength={2000}
          placeholder="https://hooks.slack.com/services/…"
        />
        <SelectField
          control={form.control}
          name="formato"
          label={t.campos.formato}
          withAsterisk
          data={Object.entries(WEBHOOK_FORMATOS).map(([value, label]) => ({ value, label }))}
          comboboxProps={{ withinPortal: true }}
        />
        <EventosField control={form.control} />
        <SwitchField control={form.control} name="activo" label={t.campos.activo} />
        {webhook && (
          <TextInput
            label={t.secreto}
            description={t.secretoAyuda}
            value={webhook.secreto}
            readOnly
            styles={{ input: { fontFamily: 'monospace' } }}
          />
        )}
        <FormActions onCancel={() => void closeFormDialog(MODAL_ID)} submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}

const abrirForm = (webhook?: Webhook) =>
  openFormDialog({
    modalId: MODAL_ID,
    title: webhook ? t.editar : t.nuevo,
    size: 'lg',
    children: <WebhookForm webhook={webhook} />,
  });

function EntregasLog({ webhook }: { webhook: Webhook }) {
  const entregas = useEntregas(webhook.id);
  const reenviar = useReenviarEntrega(webhook.id);
  const columns: ColumnDef<Entrega>[] = [
    {
      id: 'creada',
      header: t.entregas.fecha,
      meta: { width: 150 },
      cell: ({ row }) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatFechaHora(row.original.ultima ?? row.original.creada)}</span>
      ),
    },
    { id: 'evento', header: t.entregas.evento, meta: { width: 120 }, cell: ({ row }) => row.original.evento },
    {
      id: 'estado',
      header: t.entregas.estado,
      meta: { width: 140 },
      cell: ({ row }) => <EntregaBadge estado={row.original.estado} codigo={row.original.codigo} />,
    },
    {
      id: 'intentos',
      header: t.entregas.intentos,
      meta: { width: 80, align: 'right' },
      cell: ({ row }) => row.original.intentos,
    },
    {
      id: 'respuesta',
      header: t.entregas.respuesta,
      cell: ({ row: { original: e } }) => (
        <Stack gap={0}>
          <Text size="sm" lineClamp={2}>
            {e.respuesta ?? '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              e.duracion_ms !== null ? duracion(e.duracion_ms) : '',
              e.proxima ? t.entregas.proxima(formatFechaHora(e.proxima)) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'acciones',
      header: '',
      meta: { width: 60 },
      cell: ({ row }) => (
        <Tooltip label={t.entregas.reenviar}>
          <ActionIcon
            variant="subtle"
            aria-label={`${t.entregas.reenviar} ${row.original.id}`}
            loading={reenviar.isPending && reenviar.variables === row.original.id}
            onClick={() =>
              reenviar.mutate(row.original.id, {
                onSuccess: (e) =>
                  notifications.show({
                    color: COLOR[e.estado],
                    title: t.entregas.reenviada,
                    message: e.respuesta ?? ENTREGA_ESTADOS[e.estado],
                  }),
                onError: (error) => notifications.show({ color: 'red', title: t.error, message: error.message }),
              })
            }
          >
            <IconSend size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <DataTable
      label={t.entregas.titulo(webhook.nombre)}
      columns={columns}
      rows={entregas.data}
      getRowId={(e) => String(e.id)}
      loading={entregas.isPending}
      error={entregas.error}
      emptyText={t.entregas.vacio}
      minWidth={700}
    />
  );
}

const abrirEntregas = (webhook: Webhook) =>
  modals.open({
    modalId: `entregas-${webhook.id}`,
    title: t.entregas.titulo(webhook.nombre),
    size: 'xl',
    children: <EntregasLog webhook={webhook} />,
  });

function Acciones({ webhook }: { webhook: Webhook }) {
  const probar = useProbarWebhook();
  const eliminar = useEliminarWebhook();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t.probar}>
        <ActionIcon
          variant="subtle"
          aria-label={`${t.probar} ${webhook.nombre}`}
          loading={probar.isPending}
          onClick={() =>
            probar.mutate(webhook.id, {
              onSuccess: (e) =>
                notifications.show({
                  color: COLOR[e.estado],
                  title: e.estado === 'enviada' ? t.pruebaOk : t.pruebaFallo,
                  message: e.respuesta ?? ENTREGA_ESTADOS[e.estado],
                }),
              onError: (error) => notifications.show({ color: 'red', title: t.error, message: error.message }),
            })
          }
        >
          <IconSend size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t.entregas.ver}>
        <ActionIcon
          variant="subtle"
          aria-label={`${t.entregas.ver} ${webhook.nombre}`}
          onClick={() => abrirEntregas(webhook)}
        >
          <IconHistory size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t.editar}>
        <ActionIcon variant="subtle" aria-label={`${t.editar} ${webhook.nombre}`} onClick={() => abrirForm(webhook)}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <DeleteAction
        variant="icon"
        label={`${t.eliminar} ${webhook.nombre}`}
        tooltip={t.eliminar}
        confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(webhook.nombre) }}
        run={() => eliminar.mutateAsync(webhook.id)}
        done={{ title: t.eliminado, message: webhook.nombre }}
        errorTitle={t.error}
      />
    </Group>
  );
}

const columns: ColumnDef<Webhook>[] = [
  {
    id: 'nombre',
    header: t.campos.nombre,
    cell: ({ row: { original: w } }) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {w.nombre}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {w.url}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'formato',
    header: t.campos.formato,
    meta: { width: 150 },
    cell: ({ row }) => (row.original.formato === 'slack' ? 'Slack' : 'JSON'),
  },
  {
    id: 'eventos',
    header: t.campos.eventos,
    cell: ({ row }) => (
      <Group gap={4}>
        {row.original.eventos.map((e) => (
          <Badge key={e} variant="outline" color="gray" size="sm">
            {ALERTA_TIPOS[e]}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    id: 'estado',
    header: t.ultima,
    meta: { width: 170 },
    cell: ({ row: { original: w } }) =>
      !w.activo ? (
        <Badge color="gray" variant="light">
          {t.inactivo}
        </Badge>
      ) : w.ultima_entrega ? (
        <Stack gap={2}>
          <EntregaBadge estado={w.ultima_entrega.estado} codigo={w.ultima_entrega.codigo} />
          <Text size="xs" c="dimmed">
            {formatFechaHora(w.ultima_entrega.fecha)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t.sinEntregas}
        </Text>
      ),
  },
  { id: 'acciones', header: '', meta: { width: 150 }, cell: ({ row }) => <Acciones webhook={row.original} /> },
];

/**
 * Alertas → Webhooks (ALERTAS#ADMIN): who else is told, how it is signed, and what each delivery answered. The
 * bulk bar deletes the chosen ones (confirmed, each through the single delete and its audit); there is no CSV.
 */
export function WebhooksScreen() {
  const lista = useWebhooks();
  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => abrirForm()}>
            {t.nuevo}
          </Button>
        }
      />
      <Text size="sm" c="dimmed" mb="md" maw={900}>
        {t.ayuda} <Code>{WEBHOOK_FIRMA}: v1,…</Code>
      </Text>
      <DataTable
        label={t.titulo}
        columns={columns}
        rows={lista.data}
        getRowId={(w) => String(w.id)}
        rowLabel={(w) => w.nombre}
        lote={{ url: webhooksLoteUrl(), filtro: '', eliminar: true }}
        loading={lista.isPending}
        error={lista.error}
        onRetry={() => void lista.refetch()}
        emptyText={t.vacio}
        minWidth={860}
      />
    </>
  );
}
