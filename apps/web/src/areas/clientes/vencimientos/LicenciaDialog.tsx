import { SimpleGrid, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useForm } from 'react-hook-form';
import {
  LICENCIA_TIPO_ETIQUETA,
  LICENCIA_TIPOS,
  licenciaInput,
  type Licencia,
  type LicenciaInput,
} from '@intranet/contract/areas/clientes/vencimientos';
import { ClienteSelect } from '../../../components/EntitySelect/ClienteSelect.tsx';
import { PersonaSelect } from '../../../components/EntitySelect/PersonaSelect.tsx';
import { useProductoOpciones } from '../../../components/EntitySelect/useProductoOpciones.ts';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../../components/formDialog.tsx';
import { FormError } from '../../../components/form/FormError.tsx';
import { NumberField } from '../../../components/form/NumberField.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { SwitchField } from '../../../components/form/SwitchField.tsx';
import { DateField } from '../../../components/form/DateField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useGuardarLicencia, type LicenciaValues } from './api.ts';
import { vencimientosMessages as t } from './messages.ts';
import { FormActions } from '../../../components/form/FormActions.tsx';

const MODAL_ID = 'licencia-form';
const L = t.licencia;

function LicenciaForm({ licencia, clienteId }: { licencia?: Licencia | undefined; clienteId?: number | undefined }) {
  const hoy = dayjs().format('YYYY-MM-DD');
  const form = useForm<LicenciaInput, unknown, LicenciaValues>({
    resolver: contractResolver(licenciaInput),
    defaultValues: licencia
      ? { ...licencia }
      : {
          empresa_id: clienteId,
          tipo: 'anual',
          usuarios: 1,
          inicio: hoy,
          vence: dayjs().add(1, 'year').format('YYYY-MM-DD'),
          renovacion_auto: false,
          modulo: '',
          serial: '',
          baja: '',
          contacto_id: null,
        },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(MODAL_ID, form.formState.isDirty);
  const { formError, onServerError, clearFormError } = useServerErrors(form, Object.keys(licenciaInput.shape));
  const productos = useProductoOpciones();
  const guardar = useGuardarLicencia(licencia?.id);
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const l = await guardar.mutateAsync(values);
      form.reset(form.getValues());
      modals.close(MODAL_ID);
      notifications.show({ color: 'green', title: t.licenciaGuardada, message: `${l.cliente}: ${l.producto}` });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={licencia ? t.editarLicencia : t.licenciaTitulo}
    >
      <Stack gap="sm">
        {sinGuardar}
        <FormError message={formError} />
        {clienteId === undefined && !licencia && (
          <ClienteSelect control={form.control} name="empresa_id" label={t.cliente} withAsterisk data-autofocus />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SelectField
            control={form.control}
            name="producto_id"
            label={L.producto}
            withAsterisk
            numeric
            searchable
            data={(productos.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
            comboboxProps={{ withinPortal: true }}
          />
          <TextField control={form.control} name="modulo" label={L.modulo} maxLength={100} />
          <SelectField
            control={form.control}
            name="tipo"
            label={L.tipo}
            withAsterisk
            data={LICENCIA_TIPOS.map((v) => ({ value: v, label: LICENCIA_TIPO_ETIQUETA[v] }))}
          />
          <NumberField control={form.control} name="usuarios" label={L.usuarios} withAsterisk min={1} />
          <DateField control={form.control} name="inicio" label={L.inicio} withAsterisk />
          <DateField control={form.control} name="vence" label={L.vence} />
          <TextField control={form.control} name="serial" label={L.serial} maxLength={100} />
          <DateField control={form.control} name="baja" label={L.baja} />
        </SimpleGrid>
        <PersonaSelect control={form.control} name="contacto_id" label={L.contacto} />
        <SwitchField control={form.control} name="renovacion_auto" label={L.renovacion_auto} />
        <FormActions onCancel={() => void closeFormDialog(MODAL_ID)} submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}

export const abrirLicencia = (opts: { licencia?: Licencia; clienteId?: number } = {}) =>
  openFormDialog({
    modalId: MODAL_ID,
    title: opts.licencia ? t.editarLicencia : t.licenciaTitulo,
    size: 'lg',
    children: <LicenciaForm licencia={opts.licencia} clienteId={opts.clienteId} />,
  });
