import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTool } from '@tabler/icons-react';
import { useForm, useWatch } from 'react-hook-form';
import {
  storeConfigInput,
  type StoreConfig,
  type StoreConfigInput,
  type StoreConfigValues,
} from '@intranet/contract/areas/appsstore';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { SwitchField } from '../../components/form/SwitchField.tsx';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { formMessages, listMessages } from '../../components/messages.ts';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { formatFechaHora } from '../../core/format.ts';
import { useGuardarConfig, useStoreAplicaciones, useStoreConfig } from './api.ts';
import { CanalesField, DestacadasField } from './ConfigFields.tsx';
import { toFormValues } from './configValues.ts';
import { appsstoreMessages as t } from './messages.ts';
import { StoreLayout } from './StoreLayout.tsx';

/** `/appsstore`: the store's configuration, behind APPSSTORE#CONFIG like the whole area. */
export function StoreConfigScreen() {
  const config = useStoreConfig();
  return (
    <StoreLayout tab="config">
      {config.isPending ? (
        <Loader aria-label={listMessages.cargando} />
      ) : config.isError ? (
        <Alert color="red" role="alert" title={t.noEncontrada}>
          {config.error.message}
        </Alert>
      ) : (
        <ConfigForm config={config.data} />
      )}
    </StoreLayout>
  );
}

function MantenimientoAviso({ config }: { config: StoreConfig }) {
  if (!config.mantenimiento.activo) return null;
  return (
    <Alert color="orange" icon={<IconTool size={18} />} title={t.mantenimientoActivo} role="status">
      {config.mantenimiento.mensaje}{' '}
      {config.mantenimiento.desde && t.mantenimientoDesde(formatFechaHora(config.mantenimiento.desde))}
    </Alert>
  );
}

function ConfigForm({ config }: { config: StoreConfig }) {
  const form = useForm<StoreConfigInput, unknown, StoreConfigValues>({
    resolver: contractResolver(storeConfigInput),
    defaultValues: toFormValues(config),
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const aplicaciones = useStoreAplicaciones();
  const guardar = useGuardarConfig();
  useDirtyGuard(formState.isDirty);
  const enMantenimiento = useWatch({ control, name: 'mantenimiento.activo' });

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const saved = await guardar.mutateAsync(values);
      form.reset(toFormValues(saved));
      notifications.show({ color: 'green', title: t.guardado, message: t.guardadoTexto });
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <Stack gap="md" maw={960}>
      <MantenimientoAviso config={config} />
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.tabs.config}>
          <Stack gap="md">
            <FormError message={formError} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk maxLength={80} />
              <TextField
                control={control}
                name="version_minima"
                label={t.campos.version_minima}
                description={t.ayuda.version_minima}
                maxLength={60}
              />
            </SimpleGrid>
            <CanalesField control={control} />
            <DestacadasField control={control} aplicaciones={aplicaciones.data ?? config.destacadas_detalle} />
            <SwitchField
              control={control}
              name="mantenimiento.activo"
              label={t.campos.mantenimiento}
              description={t.ayuda.mantenimiento}
              color="orange"
            />
            {enMantenimiento && (
              <TextareaField
                control={control}
                name="mantenimiento.mensaje"
                label={t.campos.mantenimiento_mensaje}
                description={t.ayuda.mantenimiento_mensaje}
                withAsterisk
                maxLength={300}
                minRows={2}
              />
            )}
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed">
                {config.actualizado ? t.actualizado(formatFechaHora(config.actualizado)) : t.sinGuardar}
              </Text>
              <Group gap="sm">
                <Button
                  variant="default"
                  disabled={!formState.isDirty}
                  onClick={() => form.reset(toFormValues(config))}
                >
                  {formMessages.cancelar}
                </Button>
                <Button type="submit" loading={formState.isSubmitting}>
                  {formMessages.guardar}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
