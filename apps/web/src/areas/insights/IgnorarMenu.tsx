import { Button, Menu, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconEyeOff } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { IGNORAR_MINUTOS, IGNORAR_VENTANAS, issueIgnorar, type IssueIgnorar } from '@intranet/contract/areas/insights';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormError } from '../../components/form/FormError.tsx';
import { NumberField } from '../../components/form/NumberField.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../components/formDialog.tsx';
import { insightsMessages as t } from './messages.ts';

const MODAL_ID = 'insights-ignorar';

type Contada = 'eventos' | 'usuarios';

/** The dialog's fields: the count as the contract has it, and the window with "from now" as a choice of its own. */
const condicionContada = z.object({
  cantidad: issueIgnorar.options[1].shape.cantidad,
  ventana: z.enum(['ahora', ...IGNORAR_VENTANAS], { error: 'Ventana inválida: por hora o por día' }),
});
type CondicionContada = z.input<typeof condicionContada>;
type CondicionContadaValues = z.output<typeof condicionContada>;

const ventanaOptions = (['ahora', ...IGNORAR_VENTANAS] as const).map((value) => ({
  value,
  label: t.ignorarDialogo.ventanas[value],
}));

function CondicionForm({ modo, ignorar }: { modo: Contada; ignorar: (condicion: IssueIgnorar) => Promise<unknown> }) {
  const form = useForm<CondicionContada, unknown, CondicionContadaValues>({
    resolver: contractResolver(condicionContada),
    defaultValues: { cantidad: modo === 'eventos' ? 100 : 10, ventana: 'ahora' },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(MODAL_ID, form.formState.isDirty);
  const { formError, onServerError, clearFormError } = useServerErrors(form, ['cantidad', 'ventana']);
  const submit = form.handleSubmit(async ({ cantidad, ventana }) => {
    clearFormError();
    try {
      await ignorar({ modo, cantidad, ventana: ventana === 'ahora' ? null : ventana });
      modals.close(MODAL_ID);
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.ignorarDialogo[modo]}>
      <Stack gap="sm">
        {sinGuardar}
        <FormError message={formError} />
        <NumberField
          control={form.control}
          name="cantidad"
          label={modo === 'eventos' ? t.ignorarDialogo.cantidadEventos : t.ignorarDialogo.cantidadUsuarios}
          withAsterisk
          min={1}
          data-autofocus
        />
        <SelectField
          control={form.control}
          name="ventana"
          label={t.ignorarDialogo.ventana}
          data={ventanaOptions}
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions
          onCancel={() => void closeFormDialog(MODAL_ID)}
          submitting={form.formState.isSubmitting}
          label={t.ignorarDialogo.ignorar}
        />
      </Stack>
    </form>
  );
}

/**
 * "Ignorar" as Sentry offers it: for a while, until N more events or users (asked in a dialog), or forever. `ignorar`
 * sends the condition (for one issue or the list's selection) and tells of its success; a failure rejects.
 */
export function IgnorarMenu({
  ignorar,
  loading,
  label = t.ignorar,
}: {
  ignorar: (condicion: IssueIgnorar) => Promise<unknown>;
  loading: boolean;
  label?: string;
}) {
  const preguntar = (modo: Contada) =>
    openFormDialog({
      modalId: MODAL_ID,
      title: t.ignorarDialogo[modo],
      size: 'sm',
      children: <CondicionForm modo={modo} ignorar={ignorar} />,
    });
  // The menu's own choices need no dialog: a failure is told in a notification instead.
  const directo = (condicion: IssueIgnorar) =>
    void ignorar(condicion).catch((error: unknown) =>
      notifications.show({
        color: 'red',
        title: t.errorCambiar,
        message: error instanceof Error ? error.message : t.errorCambiar,
      }),
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconEyeOff size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={loading}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t.ignorarMenu.porUnTiempo}</Menu.Label>
        {IGNORAR_MINUTOS.map((minutos) => (
          <Menu.Item key={minutos} onClick={() => directo({ modo: 'tiempo', minutos })}>
            {t.ignorarMenu.minutos[minutos]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t.ignorarMenu.hastaQue}</Menu.Label>
        <Menu.Item onClick={() => preguntar('eventos')}>{t.ignorarMenu.eventos}</Menu.Item>
        <Menu.Item onClick={() => preguntar('usuarios')}>{t.ignorarMenu.usuarios}</Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => directo({ modo: 'siempre' })}>{t.ignorarMenu.siempre}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
