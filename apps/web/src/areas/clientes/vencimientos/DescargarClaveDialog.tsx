import { PasswordInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CLAVE_FORMATO_ETIQUETA,
  CLAVE_FORMATOS,
  claveDescargaInput,
  type ClaveDescargaInput,
} from '@intranet/contract/areas/clientes/solicitudes';
import type { Certificado } from '@intranet/contract/areas/clientes/vencimientos';
import { saveFile } from '../../../components/ExportButton/saveFile.ts';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { FormActions } from '../../../components/form/FormActions.tsx';
import { FormError } from '../../../components/form/FormError.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../../components/formDialog.tsx';
import { descargarClave } from './api.ts';
import { vencimientosMessages } from './messages.ts';

const t = vencimientosMessages.clave;
const MODAL_ID = 'certificado-clave';

function DescargarClaveForm({ certificado }: { certificado: Certificado }) {
  const form = useForm<ClaveDescargaInput, unknown, z.output<typeof claveDescargaInput>>({
    resolver: contractResolver(claveDescargaInput),
    defaultValues: { formato: 'p12', password: '' },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(MODAL_ID, false);
  const { formError, onServerError, clearFormError } = useServerErrors(form, ['formato', 'password']);
  const formato = useController({ control: form.control, name: 'formato' });
  const password = useController({ control: form.control, name: 'password' });
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const nombre = `${certificado.alias ?? certificado.cn}-${certificado.cuit}.${values.formato}`;
      saveFile(await descargarClave(certificado.id, values), nombre);
      modals.close(MODAL_ID);
      notifications.show({ color: 'green', title: t.descargada, message: nombre });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.descargar}>
      <Stack gap="sm">
        {sinGuardar}
        <Text size="sm" c="dimmed">
          {t.ayuda}
        </Text>
        <FormError message={formError} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t.formato}
          </Text>
          <SegmentedControl
            value={formato.field.value}
            onChange={(v) => formato.field.onChange(v)}
            data={CLAVE_FORMATOS.map((f) => ({ value: f, label: CLAVE_FORMATO_ETIQUETA[f] }))}
          />
        </Stack>
        {formato.field.value === 'p12' && (
          <PasswordInput
            label={t.password}
            description={t.passwordAyuda}
            withAsterisk
            autoComplete="new-password"
            maxLength={128}
            value={password.field.value ?? ''}
            onChange={password.field.onChange}
            onBlur={password.field.onBlur}
            error={password.fieldState.error?.message}
            name="password"
            data-autofocus
          />
        )}
        <FormActions
          onCancel={() => void closeFormDialog(MODAL_ID)}
          submitting={form.formState.isSubmitting}
          label={t.boton}
        />
      </Stack>
    </form>
  );
}

/** The key download of a paired certificate (CLIENTES#CERTIFICADOS): .p12 under a password chosen now, or PEM. */
export const abrirDescargarClave = (certificado: Certificado) =>
  openFormDialog({
    modalId: MODAL_ID,
    title: t.titulo(certificado.alias ?? certificado.cn),
    children: <DescargarClaveForm certificado={certificado} />,
  });
