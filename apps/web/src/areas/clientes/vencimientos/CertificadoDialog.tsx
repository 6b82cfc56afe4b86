import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import {
  AFIP_AMBIENTES,
  AFIP_SERVICIOS,
  AMBIENTE_ETIQUETA,
  certificadoInput,
  type Certificado,
  type CertificadoInput,
} from '@intranet/contract/areas/clientes/vencimientos';
import { formatCuit } from '@intranet/contract/shared/cuit';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../../components/formDialog.tsx';
import { FormError } from '../../../components/form/FormError.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { TagsField } from '../../../components/form/TagsField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { formatFecha } from '../../../core/format.ts';
import { useGuardarCertificado, type CertificadoValues } from './api.ts';
import { vencimientosMessages as t } from './messages.ts';
import { FormActions } from '../../../components/form/FormActions.tsx';

const MODAL_ID = 'certificado-editar';

/** What can be changed by hand on an imported certificate: alias, environment and web services. */
function CertificadoForm({ certificado }: { certificado: Certificado }) {
  const form = useForm<CertificadoInput, unknown, CertificadoValues>({
    resolver: contractResolver(certificadoInput),
    defaultValues: { alias: certificado.alias ?? '', ambiente: certificado.ambiente, servicios: certificado.servicios },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(MODAL_ID, form.formState.isDirty);
  const { formError, onServerError, clearFormError } = useServerErrors(form, ['alias', 'ambiente', 'servicios']);
  const guardar = useGuardarCertificado(certificado.id);
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const c = await guardar.mutateAsync(values);
      modals.close(MODAL_ID);
      notifications.show({
        color: 'green',
        title: t.certificadoGuardado,
        message: `${c.alias ?? c.cn} · ${formatCuit(c.cuit)}`,
      });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.editarCertificado}>
      <Stack gap="sm">
        {sinGuardar}
        <Text size="sm" c="dimmed">
          {`CN ${certificado.cn} · CUIT ${formatCuit(certificado.cuit)} · ${t.cert.vence} ${formatFecha(certificado.vence)}`}
        </Text>
        <Text size="xs" c="dimmed">
          {t.certificadoSoloLectura}
        </Text>
        <FormError message={formError} />
        <TextField control={form.control} name="alias" label={t.alias} maxLength={100} data-autofocus />
        <SelectField
          control={form.control}
          name="ambiente"
          label={t.ambiente}
          withAsterisk
          data={AFIP_AMBIENTES.map((a) => ({ value: a, label: AMBIENTE_ETIQUETA[a] }))}
        />
        <TagsField
          control={form.control}
          name="servicios"
          label={t.servicios}
          placeholder={t.serviciosPlaceholder}
          data={[...AFIP_SERVICIOS]}
        />
        <FormActions onCancel={() => void closeFormDialog(MODAL_ID)} submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}

export const abrirCertificado = (certificado: Certificado) =>
  openFormDialog({
    modalId: MODAL_ID,
    title: t.editarCertificado,
    children: <CertificadoForm certificado={certificado} />,
  });
