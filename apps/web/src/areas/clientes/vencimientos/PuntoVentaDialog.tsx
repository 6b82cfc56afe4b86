import { Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useForm, useWatch } from 'react-hook-form';
import {
  MODALIDAD_ETIQUETA,
  PUNTO_MODALIDADES,
  puntoVentaInput,
  type PuntoVenta,
  type PuntoVentaInput,
} from '@intranet/contract/areas/clientes/vencimientos';
import { ClienteSelect } from '../../../components/EntitySelect/ClienteSelect.tsx';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../../components/formDialog.tsx';
import { FormError } from '../../../components/form/FormError.tsx';
import { NumberField } from '../../../components/form/NumberField.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { DateField } from '../../../components/form/DateField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useGuardarPuntoVenta, type PuntoVentaValues } from './api.ts';
import { vencimientosMessages as t } from './messages.ts';
import { FormActions } from '../../../components/form/FormActions.tsx';

const MODAL_ID = 'punto-venta-form';
const P = t.puntoVenta;

function PuntoVentaForm({ punto, clienteId }: { punto?: PuntoVenta | undefined; clienteId?: number | undefined }) {
  const form = useForm<PuntoVentaInput, unknown, PuntoVentaValues>({
    resolver: contractResolver(puntoVentaInput),
    defaultValues: punto ? { ...punto } : { empresa_id: clienteId, modalidad: 'cae', cai_vence: '', descripcion: '' },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(MODAL_ID, form.formState.isDirty);
  const { formError, onServerError, clearFormError } = useServerErrors(form, [
    'empresa_id',
    'numero',
    'modalidad',
    'cai_vence',
    'descripcion',
  ]);
  const modalidad = useWatch({ control: form.control, name: 'modalidad' });
  const guardar = useGuardarPuntoVenta(punto?.id);
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const p = await guardar.mutateAsync(values);
      modals.close(MODAL_ID);
      notifications.show({
        color: 'green',
        title: t.puntoVentaGuardado,
        message: `${p.cliente}: PV ${String(p.numero).padStart(5, '0')}`,
      });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.nuevoPuntoVenta}>
      <Stack gap="sm">
        {sinGuardar}
        <FormError message={formError} />
        {clienteId === undefined && !punto && (
          <ClienteSelect control={form.control} name="empresa_id" label={t.cliente} withAsterisk data-autofocus />
        )}
        <NumberField control={form.control} name="numero" label={P.numero} withAsterisk min={1} max={99999} />
        <SelectField
          control={form.control}
          name="modalidad"
          label={P.modalidad}
          withAsterisk
          data={PUNTO_MODALIDADES.map((m) => ({ value: m, label: MODALIDAD_ETIQUETA[m] }))}
        />
        {modalidad === 'cai' && <DateField control={form.control} name="cai_vence" label={P.cai_vence} withAsterisk />}
        <TextField control={form.control} name="descripcion" label={P.descripcion} maxLength={200} />
        <FormActions onCancel={() => void closeFormDialog(MODAL_ID)} submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}

export const abrirPuntoVenta = (opts: { punto?: PuntoVenta; clienteId?: number } = {}) =>
  openFormDialog({
    modalId: MODAL_ID,
    title: t.nuevoPuntoVenta,
    children: <PuntoVentaForm punto={opts.punto} clienteId={opts.clienteId} />,
  });
