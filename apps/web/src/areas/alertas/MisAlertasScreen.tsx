import { Alert, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { misAlertasInput, type MisAlertas, type MisAlertasInput } from '@intranet/contract/alertas';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { SwitchField } from '../../components/form/SwitchField.tsx';
import { formMessages } from '../../components/messages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { useGuardarMisAlertas, useMisAlertas } from './api.ts';
import { alertasMessages } from './messages.ts';

const t = alertasMessages.misAlertas;

/** The switches show no error of their own: every refusal goes to the form's notice. */
const EN_EL_AVISO: readonly string[] = [];

const valores = (datos: MisAlertas): MisAlertasInput => ({ preferencias: datos.tipos.map(({ tipo, email, portal }) => ({ tipo, email, portal })) });

function MisAlertasForm({ datos }: { datos: MisAlertas }) {
  const form = useForm<MisAlertasInput, unknown, MisAlertasInput>({ resolver: contractResolver(misAlertasInput), defaultValues: valores(datos) });
  const { control, formState } = form;
  const { formError, onServerError, clearFormError } = useServerErrors(form, EN_EL_AVISO);
  const guardar = useGuardarMisAlertas();
  useDirtyGuard(formState.isDirty);

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      form.reset(valores(await guardar.mutateAsync(values)));
      notifications.show({ color: 'green', title: t.guardado, message: t.guardadoTexto });
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.titulo}>
        <Stack gap="md">
          <FormError message={formError} />
          {!datos.correo_configurado && (
            <Alert color="gray" role="status">
              {t.sinCorreo}
            </Alert>
          )}
          {datos.correo_configurado && !datos.email && (
            <Alert color="orange" role="status">
              {t.sinEmail}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="sm" aria-label={t.titulo}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.tipo}</Table.Th>
                  <Table.Th w={120}>{t.campana}</Table.Th>
                  <Table.Th w={120}>{t.correo}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {datos.tipos.map((tipo, i) => (
                  <Table.Tr key={tipo.tipo}>
                    <Table.Td>
                      <Text size="sm">{tipo.titulo}</Text>
                      {!tipo.propia && (
                        <Text size="xs" c="dimmed">
                          {t.deSuRol}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <SwitchField control={control} name={`preferencias.${i}.portal`} label="" aria-label={`${tipo.titulo}: ${t.campana}`} />
                    </Table.Td>
                    <Table.Td>
                      <SwitchField control={control} name={`preferencias.${i}.email`} label="" aria-label={`${tipo.titulo}: ${t.correo}`} disabled={!datos.correo_configurado} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={!formState.isDirty} onClick={() => form.reset(valores(datos))}>
              {formMessages.cancelar}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {formMessages.guardar}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** "Mis alertas": for each kind of alert the person may receive, whether it comes to the bell and by e-mail. */
export function MisAlertasScreen() {
  const datos = useMisAlertas();
  return (
    <>
      <PageHeader title={t.titulo} />
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        {t.ayuda}
      </Text>
      {datos.isPending && <Loader size="sm" />}
      {datos.isError && (
        <Alert color="red" role="alert">
          {datos.error.message}
        </Alert>
      )}
      {datos.data && datos.data.tipos.length === 0 && <Text c="dimmed">{t.ninguna}</Text>}
      {datos.data && datos.data.tipos.length > 0 && <MisAlertasForm datos={datos.data} />}
    </>
  );
}
