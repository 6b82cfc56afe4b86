import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  MultiSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconKey, IconUserOff, IconUserCheck } from '@tabler/icons-react';
import { useController, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { PersonaDetalle } from '@intranet/contract/areas/personas';
import {
  cuentaCreate,
  cuentaUpdate,
  type Cuenta,
  type CuentaCreate,
  type CuentaUpdate,
} from '@intranet/contract/areas/personas/usuarios';
import { confirmAction } from '../../components/confirmAction.tsx';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { SwitchField } from '../../components/form/SwitchField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { SesionesActivas } from '../../components/SesionesActivas.tsx';
import { listMessages } from '../../components/messages.ts';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import {
  useCrearCuenta,
  useCuentaDePersona,
  useModificarCuenta,
  useRestablecerPassword,
  useRoles,
  type CuentaCreateValues,
  type CuentaUpdateValues,
} from './api.ts';
import { formatFechaHora } from '../../core/format.ts';
import { IdentidadesVinculadas } from './IdentidadesVinculadas.tsx';
import { cuentaMessages as t } from './messages.ts';

/** Shows a generated password once, with a copy button; nothing keeps it after the dialog closes. */
export function mostrarPasswordGenerada(usuario: string, password: string) {
  modals.open({
    title: t.passwordGeneradaTitulo,
    centered: true,
    closeOnClickOutside: false,
    closeButtonProps: { 'aria-label': 'Cerrar' },
    children: (
      <Stack gap="md">
        <Text size="sm">{t.passwordGeneradaTexto(usuario)}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code fz="lg" p="sm" style={{ flex: 1, letterSpacing: 1 }} data-testid="password-generada">
            {password}
          </Code>
          <CopyButton value={password}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t.copiada : t.copiar}>
                <ActionIcon
                  variant="light"
                  size="xl"
                  color={copied ? 'green' : 'blue'}
                  onClick={copy}
                  aria-label={t.copiar}
                >
                  {copied ? <IconCheck size={20} /> : <IconCopy size={20} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={() => modals.closeAll()}>{t.entendido}</Button>
        </Group>
      </Stack>
    ),
  });
}

/** Roles chosen from the catalogue of roles, the form holding their ids. */
function RolesField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
}) {
  const roles = useRoles('size=200&sort=nombre');
  const { field, fieldState } = useController({ control, name });
  const value = Array.isArray(field.value) ? (field.value as number[]).map(String) : [];
  return (
    <MultiSelect
      ref={field.ref}
      name={field.name}
      label={t.roles}
      placeholder={value.length === 0 ? t.rolesPlaceholder : undefined}
      data={(roles.data?.items ?? []).map((r) => ({ value: String(r.id), label: r.nombre }))}
      value={value}
      onChange={(next) => field.onChange(next.map(Number))}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}

const sinAcentos = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The Cuenta tab (USUARIOS#ADMIN): create the person's account, or manage the one they have. */
export function CuentaTab({ persona }: { persona: PersonaDetalle }) {
  const cuenta = useCuentaDePersona(persona.id, true);
  if (cuenta.isPending) return <Loader aria-label={listMessages.cargando} />;
  if (cuenta.isError)
    return (
      <Alert color="red" role="alert">
        {cuenta.error.message}
      </Alert>
    );
  if (cuenta.data === null) {
    return persona.activo ? <CrearCuenta persona={persona} /> : <Text c="dimmed">{t.inactivaSinCuenta}</Text>;
  }
  return <CuentaExistente cuenta={cuenta.data} />;
}

function CrearCuenta({ persona }: { persona: PersonaDetalle }) {
  const initial: CuentaCreate = {
    persona_id: persona.id,
    usuario: sinAcentos(persona.nombre.slice(0, 1) + persona.apellido),
    password: '',
    roles: [],
    activo: true,
  };
  const form = useForm<CuentaCreate, unknown, CuentaCreateValues>({
    resolver: contractResolver(cuentaCreate),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form, [
    'usuario',
    'password',
    'roles',
    'activo',
  ]);
  const crear = useCrearCuenta();
  const { allowLeave } = useDirtyGuard(form.formState.isDirty && !crear.isSuccess);
  const { control } = form;

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const creada = await crear.mutateAsync(values);
      allowLeave();
      notifications.show({ color: 'green', title: t.creadaOk, message: creada.usuario });
      if (creada.password_generada) mostrarPasswordGenerada(creada.usuario, creada.password_generada);
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.crear}>
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {t.sinCuenta}
          </Text>
          <FormError message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField control={control} name="usuario" label={t.usuario} withAsterisk maxLength={50} />
            <PasswordController control={control} />
          </SimpleGrid>
          <RolesField control={control} name="roles" />
          <SwitchField control={control} name="activo" label={t.activa} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t.crear}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordController({ control }: { control: Control<CuentaCreate, unknown, CuentaCreateValues> }) {
  const { field, fieldState } = useController({ control, name: 'password' });
  return (
    <PasswordInput
      ref={field.ref}
      name={field.name}
      label={t.password}
      description={t.passwordAyuda}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      autoComplete="new-password"
    />
  );
}

function CuentaExistente({ cuenta }: { cuenta: Cuenta }) {
  const initial: CuentaUpdate = {
    usuario: cuenta.usuario,
    roles: cuenta.roles.map((r) => r.id),
    activo: cuenta.activo,
  };
  const form = useForm<CuentaUpdate, unknown, CuentaUpdateValues>({
    resolver: contractResolver(cuentaUpdate),
    values: initial,
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const modificar = useModificarCuenta(cuenta.id);
  const restablecer = useRestablecerPassword(cuenta.id);
  useDirtyGuard(form.formState.isDirty && !form.formState.isSubmitting);
  const { control } = form;

  const guardar = async (values: CuentaUpdateValues) => {
    clearFormError();
    try {
      await modificar.mutateAsync(values);
      notifications.show({ color: 'green', title: t.guardada, message: values.usuario });
    } catch (error) {
      onServerError(error);
    }
  };
  const submit = form.handleSubmit(guardar);

  const cambiarActiva = async () => {
    if (cuenta.activo) {
      const ok = await confirmAction({
        title: t.desactivarTitulo,
        message: t.desactivarTexto(cuenta.usuario, cuenta.sesiones_activas),
        confirmLabel: t.desactivar,
        danger: true,
      });
      if (!ok) return;
    }
    await guardar({ usuario: cuenta.usuario, roles: cuenta.roles.map((r) => r.id), activo: !cuenta.activo });
  };

  const resetear = async () => {
    const ok = await confirmAction({
      title: t.restablecerTitulo,
      message: t.restablecerTexto(cuenta.usuario),
      confirmLabel: t.restablecer,
    });
    if (!ok) return;
    restablecer.mutate(undefined, {
      onSuccess: (c) => c.password_generada && mostrarPasswordGenerada(c.usuario, c.password_generada),
      onError: (error) => notifications.show({ color: 'red', title: t.error, message: error.message }),
    });
  };

  return (
    <Stack gap="md" maw={960}>
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="md">
          <Group gap="sm">
            <Title order={2} size="h4">
              {cuenta.usuario}
            </Title>
            <Badge variant="light" color={cuenta.activo ? 'green' : 'gray'}>
              {cuenta.activo ? t.activaSi : t.activaNo}
            </Badge>
          </Group>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              loading={restablecer.isPending}
              onClick={() => void resetear()}
            >
              {t.restablecer}
            </Button>
            <Button
              variant="light"
              color={cuenta.activo ? 'red' : 'green'}
              leftSection={cuenta.activo ? <IconUserOff size={16} /> : <IconUserCheck size={16} />}
              loading={modificar.isPending}
              onClick={() => void cambiarActiva()}
            >
              {cuenta.activo ? t.desactivar : t.activar}
            </Button>
          </Group>
        </Group>
        <DetailGrid
          items={[
            { label: t.ultimoIngreso, value: cuenta.ultimo_ingreso ? formatFechaHora(cuenta.ultimo_ingreso) : t.nunca },
            { label: t.sesiones, value: String(cuenta.sesiones_activas) },
            { label: t.creada, value: formatFechaHora(cuenta.creado) },
          ]}
        />
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.titulo}>
          <Stack gap="md">
            <FormError message={formError} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField control={control} name="usuario" label={t.usuario} withAsterisk maxLength={50} />
              <RolesField control={control} name="roles" />
            </SimpleGrid>
            <SwitchField control={control} name="activo" label={t.activa} />
            <Group justify="flex-end">
              <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
                {t.guardar}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <IdentidadesVinculadas usuarioId={cuenta.id} />
      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h5" mb="sm">
          {t.sesionesActivas}
        </Title>
        <SesionesActivas usuarioId={cuenta.id} />
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h5" mb="sm">
          {t.historial}
        </Title>
        <HistoryTab entidad="usuario" id={cuenta.id} labels={t.camposHistorial} />
      </Paper>
    </Stack>
  );
}
