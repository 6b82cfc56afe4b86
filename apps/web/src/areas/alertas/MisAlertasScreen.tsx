import { Alert, Badge, Button, CloseButton, Group, Loader, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { misAlertasInput, type MisAlertas, type MisAlertasInput, type Seguido } from '@intranet/contract/areas/alertas';
import { useState } from 'react';
import { useController, useForm, type Control, type FieldError } from 'react-hook-form';
import { ClientePicker } from '../../components/EntitySelect/ClienteSelect.tsx';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { formMessages } from '../../components/messages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { useGuardarMisAlertas, useMisAlertas, useProyectosMonitor } from './api.ts';
import { CanalesTabla } from './CanalesTabla.tsx';
import { alertasMessages } from './messages.ts';

const t = alertasMessages.misAlertas;

/** The switches show no error of their own (their refusals go to the form's notice); the follows do. */
const CON_ERROR_PROPIO: readonly string[] = ['clientes', 'proyectos'];

const valores = (datos: MisAlertas): MisAlertasInput => ({
  preferencias: datos.tipos.map(({ tipo, email, portal }) => ({ tipo, email, portal })),
  // Sent only when the person may follow them, so a save never clears what they could not see.
  ...(datos.puede_seguir.clientes ? { clientes: datos.clientes.map((c) => c.id) } : {}),
  ...(datos.puede_seguir.proyectos ? { proyectos: datos.proyectos.map((p) => p.id) } : {}),
});

/** The clients followed, each with a button to stop, and a search to follow one more. */
function ClientesSeguidos({ control, iniciales }: { control: Control<MisAlertasInput>; iniciales: Seguido[] }) {
  const { field, fieldState } = useController({ control, name: 'clientes' });
  const [nombres, setNombres] = useState(() => new Map(iniciales.map((c) => [c.id, c.nombre])));
  // Each pick starts a fresh search box (the picker is remounted), ready for the next client.
  const [busqueda, setBusqueda] = useState(0);
  const ids = field.value ?? [];
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t.clientes}
      </Text>
      <Text size="xs" c="dimmed">
        {t.clientesAyuda}
      </Text>
      {ids.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.ningunCliente}
        </Text>
      ) : (
        <Group gap="xs" aria-label={t.clientes} role="list">
          {ids.map((id) => (
            <Badge
              key={id}
              role="listitem"
              size="lg"
              variant="light"
              tt="none"
              pr={4}
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  aria-label={t.dejarDeSeguir(nombres.get(id) ?? `#${id}`)}
                  onClick={() => field.onChange(ids.filter((x) => x !== id))}
                />
              }
            >
              {nombres.get(id) ?? `#${id}`}
            </Badge>
          ))}
        </Group>
      )}
      <ClientePicker
        key={busqueda}
        aria-label={t.seguirCliente}
        placeholder={t.seguirCliente}
        maw={420}
        value={null}
        error={fieldState.error?.message ?? firstError(fieldState.error)}
        onChange={() => undefined}
        onElegir={(cliente) => {
          if (!cliente) return;
          setBusqueda((n) => n + 1);
          if (ids.includes(cliente.id)) return;
          setNombres((prev) => new Map(prev).set(cliente.id, cliente.razon_social));
          field.onChange([...ids, cliente.id]);
        }}
      />
    </Stack>
  );
}

/** The monitor's projects followed, chosen from their short list. */
function ProyectosSeguidos({ control }: { control: Control<MisAlertasInput> }) {
  const { field, fieldState } = useController({ control, name: 'proyectos' });
  const proyectos = useProyectosMonitor(true);
  return (
    <Stack gap="xs">
      <MultiSelect
        label={t.proyectos}
        description={t.proyectosAyuda}
        placeholder={(field.value ?? []).length === 0 ? t.ningunProyecto : undefined}
        maw={520}
        searchable
        clearable
        data={(proyectos.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
        value={(field.value ?? []).map(String)}
        onChange={(valores) => field.onChange(valores.map(Number))}
        error={
          fieldState.error?.message ??
          firstError(fieldState.error) ??
          (proyectos.isError ? proyectos.error.message : undefined)
        }
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}

/** A list's error is on one of its items ("clientes.2"): the first one's message. */
function firstError(error: FieldError | undefined): string | undefined {
  if (!error || !Array.isArray(error)) return undefined;
  return (error as (FieldError | undefined)[]).find((e) => e?.message)?.message;
}

function MisAlertasForm({ datos }: { datos: MisAlertas }) {
  const form = useForm<MisAlertasInput, unknown, MisAlertasInput>({
    resolver: contractResolver(misAlertasInput),
    defaultValues: valores(datos),
  });
  const { control, formState } = form;
  const { formError, onServerError, clearFormError } = useServerErrors(form, CON_ERROR_PROPIO);
  const guardar = useGuardarMisAlertas();
  useDirtyGuard(formState.isDirty);

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      form.reset(valores(await guardar.mutateAsync(values)));
      notifications.show({ color: 'green', title: t.guardado, message: t.guardadoTexto });
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.titulo}>
        <Stack gap="md">
          <FormError message={formError} />
          {!datos.correo_configurado && (
            <Alert color="gray" role="status">
              {t.sinCorreo}
            </Alert>
          )}
          {datos.correo_configurado && !datos.email && (
            <Alert color="orange" role="status">
              {t.sinEmail}
            </Alert>
          )}
          <CanalesTabla control={control} tipos={datos.tipos} sinElegir={t.deSuRol} correo={datos.correo_configurado} />
          {datos.puede_seguir.clientes && <ClientesSeguidos control={control} iniciales={datos.clientes} />}
          {datos.puede_seguir.proyectos && <ProyectosSeguidos control={control} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={!formState.isDirty} onClick={() => form.reset(valores(datos))}>
              {formMessages.cancelar}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {formMessages.guardar}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** "Mis alertas": for each kind of alert the person may receive, whether it comes to the bell and by e-mail. */
export function MisAlertasScreen() {
  const datos = useMisAlertas();
  return (
    <>
      <PageHeader title={t.titulo} />
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        {t.ayuda}
      </Text>
      {datos.isPending && <Loader size="sm" />}
      {datos.isError && (
        <Alert color="red" role="alert">
          {datos.error.message}
        </Alert>
      )}
      {datos.data && datos.data.tipos.length === 0 && <Text c="dimmed">{t.ninguna}</Text>}
      {datos.data && datos.data.tipos.length > 0 && <MisAlertasForm datos={datos.data} />}
    </>
  );
}
