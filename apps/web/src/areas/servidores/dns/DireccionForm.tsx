import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { direccionInput, type DireccionInput, type DireccionView } from '@intranet/contract/areas/servidores/dns';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { FormError } from '../../../components/form/FormError.tsx';
import { NumberField } from '../../../components/form/NumberField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { useGuardarDireccion, type DireccionValues } from './api.ts';
import { dnsMessages as t } from './messages.ts';

const FIELDS = ['host', 'port', 'path'] as const;

interface DireccionFormProps {
  dnsId: number;
  /** The entry's host, offered as the new address's host. */
  dnsHost: string;
  direccion?: DireccionView;
  onDone: () => void;
}

/** Adds or edits one address (host, port, path) of a DNS entry. */
export function DireccionForm({ dnsId, dnsHost, direccion, onDone }: DireccionFormProps) {
  const form = useForm<DireccionInput, unknown, DireccionValues>({
    resolver: contractResolver(direccionInput),
    defaultValues: direccion
      ? { dns: dnsId, host: direccion.host, port: direccion.port, path: direccion.path }
      : { dns: dnsId, host: dnsHost, port: 443, path: '/' },
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form, FIELDS);
  const guardar = useGuardarDireccion();
  const title = direccion ? t.editarDireccion(direccion.url) : t.nuevaDireccion;

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const saved = await guardar.mutateAsync({ id: direccion?.id, values });
      notifications.show({ color: 'green', title: t.direccionGuardada, message: saved.url });
      onDone();
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <Stack gap="xs">
        <FormError message={formError} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextField
            control={form.control}
            name="host"
            label={t.direccion.hostCorto}
            withAsterisk
            autoFocus
            w={{ base: '100%', sm: 240 }}
          />
          <NumberField
            control={form.control}
            name="port"
            label={t.direccion.port}
            withAsterisk
            min={1}
            max={65535}
            w={110}
          />
          <TextField
            control={form.control}
            name="path"
            label={t.direccion.path}
            placeholder="/"
            w={{ base: '100%', sm: 200 }}
          />
        </Group>
        <Group gap="sm">
          <Button type="submit" size="xs" loading={form.formState.isSubmitting}>
            {t.guardar}
          </Button>
          <Button variant="default" size="xs" onClick={onDone}>
            {t.cancelar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
