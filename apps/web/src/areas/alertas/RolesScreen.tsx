import { Alert, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { misAlertasInput, type MisAlertasInput, type RolAlertas } from '@intranet/contract/areas/alertas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { formMessages } from '../../components/messages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { useAlertasPorRol, useGuardarAlertasDeRol } from './api.ts';
import { CanalesTabla } from './CanalesTabla.tsx';
import { alertasMessages } from './messages.ts';

const t = alertasMessages.roles;

/** Every refusal goes to the form's notice: the switches show none of their own. */
const EN_EL_AVISO: readonly string[] = [];

const valores = (rol: RolAlertas): MisAlertasInput => ({
  preferencias: rol.tipos.map(({ tipo, email, portal }) => ({ tipo, email, portal })),
});

function RolForm({ rol }: { rol: RolAlertas }) {
  const form = useForm<MisAlertasInput, unknown, MisAlertasInput>({
    resolver: contractResolver(misAlertasInput),
    defaultValues: valores(rol),
  });
  const { control, formState } = form;
  const { formError, onServerError, clearFormError } = useServerErrors(form, EN_EL_AVISO);
  const guardar = useGuardarAlertasDeRol(rol.id);
  useDirtyGuard(formState.isDirty);

  const submit = form.handleSubmit(async ({ preferencias }) => {
    clearFormError();
    try {
      form.reset(valores(await guardar.mutateAsync({ preferencias })));
      notifications.show({ color: 'green', title: t.guardado, message: t.guardadoTexto(rol.nombre) });
    } catch (error) {
      onServerError(error);
    }
  });

  if (rol.tipos.length === 0) return <Text c="dimmed">{t.ninguna}</Text>;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={`${t.titulo}: ${rol.nombre}`}>
      <Stack gap="md">
        <FormError message={formError} />
        <CanalesTabla control={control} tipos={rol.tipos} sinElegir={t.predeterminado} correo />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!formState.isDirty} onClick={() => form.reset(valores(rol))}>
            {formMessages.cancelar}
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {formMessages.guardar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Alertas → Por rol (ALERTAS#ADMIN): the channels a role's members get until they choose their own. */
export function RolesScreen() {
  const roles = useAlertasPorRol();
  const [elegido, setElegido] = useState<number | null>(null);
  const rol = roles.data?.find((r) => r.id === elegido) ?? roles.data?.[0];
  return (
    <>
      <PageHeader title={t.titulo} />
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        {t.ayuda}
      </Text>
      {roles.isPending && <Loader size="sm" />}
      {roles.isError && (
        <Alert color="red" role="alert">
          {roles.error.message}
        </Alert>
      )}
      {rol && (
        <Paper withBorder p="lg" radius="md" maw={760}>
          <Stack gap="md">
            <Select
              label={t.rol}
              maw={320}
              allowDeselect={false}
              data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.nombre }))}
              value={String(rol.id)}
              onChange={(v) => setElegido(v === null ? null : Number(v))}
              comboboxProps={{ withinPortal: true }}
            />
            {/* A form per role: switching roles starts from what that role has. */}
            <RolForm key={rol.id} rol={rol} />
          </Stack>
        </Paper>
      )}
    </>
  );
}
