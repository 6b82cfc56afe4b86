import { FileInput, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCertificate } from '@tabler/icons-react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Solicitud } from '@intranet/contract/areas/clientes/solicitudes';
import {
  AFIP_AMBIENTES,
  AFIP_SERVICIOS,
  AMBIENTE_ETIQUETA,
  certificadoInput,
} from '@intranet/contract/areas/clientes/vencimientos';
import { formatCuit } from '@intranet/contract/shared/cuit';
import { ClienteSelect } from '../../../components/EntitySelect/ClienteSelect.tsx';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../../components/formDialog.tsx';
import { FormError } from '../../../components/form/FormError.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { TagsField } from '../../../components/form/TagsField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { formatFecha } from '../../../core/format.ts';
import { useImportarCertificado } from './api.ts';
import { vencimientosMessages as t } from './messages.ts';
import { FormActions } from '../../../components/form/FormActions.tsx';

const MODAL_ID = 'certificado-importar';

/** What the user chooses; the file gives CUIT, CN, dates and fingerprint (read by the server). */
const importarForm = certificadoInput.extend({
  empresa_id: z.number({ error: 'Elija un cliente' }).int().positive('Elija un cliente'),
  archivo: z.instanceof(File, { error: t.archivoRequerido }),
});
type ImportarInput = z.input<typeof importarForm>;
type ImportarValues = z.output<typeof importarForm>;

function ImportarForm({ clienteId, solicitud }: { clienteId?: number | undefined; solicitud?: Solicitud | undefined }) {
  const form = useForm<ImportarInput, unknown, ImportarValues>({
    resolver: contractResolver(importarForm),
    defaultValues: {
      empresa_id: clienteId,
      ambiente: solicitud?.ambiente ?? 'produccion',
      alias: solicitud?.alias ?? '',
      servicios: solicitud?.servicios ?? ['wsfe'],
    },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(MODAL_ID, form.formState.isDirty);
  const { formError, onServerError, clearFormError } = useServerErrors(form, [
    'empresa_id',
    'ambiente',
    'alias',
    'servicios',
    'archivo',
  ]);
  const archivo = useController({ control: form.control, name: 'archivo' });
  const importar = useImportarCertificado();
  const submit = form.handleSubmit(async ({ archivo: file, ...opciones }) => {
    clearFormError();
    try {
      const c = await importar.mutateAsync({
        archivo: file,
        opciones: {
          empresa_id: opciones.empresa_id,
          ambiente: opciones.ambiente,
          alias: opciones.alias ?? undefined,
          servicios: opciones.servicios.join(','),
        },
      });
      modals.close(MODAL_ID);
      const texto = t.importadoTexto(formatCuit(c.cuit), formatFecha(c.vence));
      notifications.show({
        color: 'green',
        title: c.clave_guardada ? t.emparejado : t.importado,
        message: c.clave_guardada ? `${texto}. ${t.emparejadoTexto}` : texto,
      });
    } catch (error) {
      // The file's own problems (not a certificate, no CUIT) belong to the file field.
      const answer = error as { status?: number; campos?: unknown; message: string };
      if (answer.status === 400 && !answer.campos) form.setError('archivo', { message: answer.message });
      else onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.importarTitulo}>
      <Stack gap="sm">
        {sinGuardar}
        <Text size="sm" c="dimmed">
          {t.importarAyuda} {t.importarEmparejar}
        </Text>
        <FormError message={formError} />
        {clienteId === undefined && (
          <ClienteSelect control={form.control} name="empresa_id" label={t.cliente} withAsterisk data-autofocus />
        )}
        <FileInput
          label={t.archivo}
          placeholder={t.archivoPlaceholder}
          withAsterisk
          accept=".crt,.pem,.cer,.der,application/x-x509-ca-cert,application/x-pem-file"
          leftSection={<IconCertificate size={16} />}
          clearable
          value={archivo.field.value ?? null}
          onChange={(file) => archivo.field.onChange(file ?? undefined)}
          onBlur={archivo.field.onBlur}
          error={archivo.fieldState.error?.message}
          name="archivo"
        />
        <SelectField
          control={form.control}
          name="ambiente"
          label={t.ambiente}
          withAsterisk
          data={AFIP_AMBIENTES.map((a) => ({ value: a, label: AMBIENTE_ETIQUETA[a] }))}
        />
        <TextField control={form.control} name="alias" label={t.alias} maxLength={100} />
        <TagsField
          control={form.control}
          name="servicios"
          label={t.servicios}
          placeholder={t.serviciosPlaceholder}
          data={[...AFIP_SERVICIOS]}
        />
        <FormActions
          onCancel={() => void closeFormDialog(MODAL_ID)}
          submitting={form.formState.isSubmitting}
          label={t.importar}
        />
      </Stack>
    </form>
  );
}

/** Imports a certificate file; from a pending request, its alias, ambiente and services come filled in. */
export const abrirImportarCertificado = (clienteId?: number, solicitud?: Solicitud) =>
  openFormDialog({
    modalId: MODAL_ID,
    title: t.importarTitulo,
    children: <ImportarForm clienteId={clienteId} solicitud={solicitud} />,
  });
