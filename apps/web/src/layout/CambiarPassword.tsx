import { PasswordInput, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useController, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { cambioPassword, type CambioPassword } from '@intranet/contract/areas/personas/usuarios';
import { usuariosApi } from '@intranet/contract/areas/personas/usuarios-endpoints';
import { contractResolver } from '../components/form/contractResolver.ts';
import { FormError } from '../components/form/FormError.tsx';
import { useServerErrors } from '../components/form/serverErrors.ts';
import { confirmMessages } from '../components/messages.ts';
import { call } from '../core/http/endpoint.ts';
import { messages } from '../core/messages.ts';
import { FormActions } from '../components/form/FormActions.tsx';

const t = messages.cuenta;
const MODAL_ID = 'cambiar-password';

type CambioPasswordValues = z.output<typeof cambioPassword>;

/** The signed-in user's own password (`PUT /api/usuarios/yo/password`). */
function useCambiarPasswordPropia() {
  return useMutation({
    mutationFn: (values: CambioPasswordValues) => call(usuariosApi.cambiarPasswordPropia, { body: values }),
  });
}

function Campo({
  control,
  name,
  label,
  autoComplete,
  autoFocus = false,
}: {
  control: Control<CambioPassword, unknown, CambioPasswordValues>;
  name: keyof CambioPassword;
  label: string;
  autoComplete: string;
  autoFocus?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordInput
      ref={field.ref}
      name={field.name}
      label={label}
      withAsterisk
      autoFocus={autoFocus}
      autoComplete={autoComplete}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

function CambiarPasswordForm() {
  const form = useForm<CambioPassword, unknown, CambioPasswordValues>({
    resolver: contractResolver(cambioPassword),
    defaultValues: { actual: '', nueva: '', confirmacion: '' },
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const cambiar = useCambiarPasswordPropia();
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      await cambiar.mutateAsync(values);
      modals.close(MODAL_ID);
      notifications.show({ color: 'green', title: t.cambiada, message: t.cambiadaTexto });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.cambiar}>
      <Stack gap="sm">
        <FormError message={formError} />
        <Campo control={form.control} name="actual" label={t.actual} autoComplete="current-password" autoFocus />
        <Campo control={form.control} name="nueva" label={t.nueva} autoComplete="new-password" />
        <Campo control={form.control} name="confirmacion" label={t.confirmacion} autoComplete="new-password" />
        <Text size="xs" c="dimmed">
          {t.ayuda}
        </Text>
        <FormActions
          onCancel={() => modals.close(MODAL_ID)}
          submitting={form.formState.isSubmitting}
          label={t.guardar}
        />
      </Stack>
    </form>
  );
}

/** The signed-in user's own password change, in a dialog (through @mantine/modals, like every dialog). */
export function abrirCambiarPassword() {
  modals.open({
    modalId: MODAL_ID,
    title: t.cambiar,
    centered: true,
    closeButtonProps: { 'aria-label': confirmMessages.cerrar },
    children: <CambiarPasswordForm />,
  });
}
