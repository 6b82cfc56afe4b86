import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm, type Control } from 'react-hook-form';
import { DNS_TIPOS, dnsInput, type DnsEntry, type DnsInput } from '@intranet/contract/areas/servidores/dns';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { FormError } from '../../../components/form/FormError.tsx';
import { NumberField } from '../../../components/form/NumberField.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { SwitchField } from '../../../components/form/SwitchField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useGuardarDns, type DnsValues } from './api.ts';
import { dnsMessages as t } from './messages.ts';

/** The fields this form shows; `servidor_id` travels with it unseen. */
const FIELDS = ['host', 'tipo', 'ttl', 'activo'] as const;
const tipoOptions = DNS_TIPOS.map((tipo) => ({ value: tipo, label: tipo }));

interface DnsEntryFormProps {
  servidorId: number;
  /** The entry being edited; none for a new one. */
  entry?: DnsEntry;
  onDone: () => void;
}

/** Adds or edits one DNS entry of a server, inline in its DNS tab. */
export function DnsEntryForm({ servidorId, entry, onDone }: DnsEntryFormProps) {
  const form = useForm<DnsInput, unknown, DnsValues>({
    resolver: contractResolver(dnsInput),
    defaultValues: entry
      ? { servidor_id: servidorId, host: entry.host, tipo: entry.tipo, ttl: entry.ttl, activo: entry.activo }
      : { servidor_id: servidorId, host: '', tipo: 'A', ttl: 3600, activo: true },
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form, FIELDS);
  const guardar = useGuardarDns();
  const title = entry ? t.editarEntrada(entry.host) : t.nuevaEntrada;

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const saved = await guardar.mutateAsync({ id: entry?.id, values });
      notifications.show({ color: 'green', title: t.entradaGuardada, message: saved.host });
      onDone();
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <Stack gap="sm">
        <FormError message={formError} />
        <DnsCampos control={form.control} autoFocus />
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

/** An entry's own fields, as both its inline form and its page's form show them. */
export function DnsCampos({
  control,
  autoFocus = false,
}: {
  control: Control<DnsInput, unknown, DnsValues>;
  autoFocus?: boolean;
}) {
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextField
        control={control}
        name="host"
        label={t.campos.host}
        withAsterisk
        placeholder="app.example.com"
        autoFocus={autoFocus}
        w={{ base: '100%', sm: 280 }}
      />
      <SelectField control={control} name="tipo" label={t.campos.tipo} data={tipoOptions} w={110} />
      <NumberField control={control} name="ttl" label={t.campos.ttl} min={60} max={604800} step={60} w={150} />
      <SwitchField control={control} name="activo" label={t.campos.activo} mt={30} />
    </Group>
  );
}
