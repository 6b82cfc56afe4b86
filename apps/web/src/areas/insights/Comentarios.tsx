import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { comentarioInput, type ComentarioInput } from '@intranet/contract/areas/insights';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { listMessages } from '../../components/messages.ts';
import { formatFechaHora } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useComentar, useComentarios, useEliminarComentario } from './api.ts';
import { insightsMessages as t } from './messages.ts';

/** The team's notes on an issue, oldest first, and a box to add one. */
export function Comentarios({ issueId }: { issueId: number }) {
  const comentarios = useComentarios(issueId);
  const puedeEditar = usePermiso('INSIGHTS#EDITAR');
  const eliminar = useEliminarComentario();

  return (
    <Stack gap="md" maw={880}>
      {comentarios.isPending && <Loader size="sm" aria-label={listMessages.cargando} />}
      {comentarios.isError && (
        <Alert color="red" role="alert" title={listMessages.errorCarga}>
          {comentarios.error.message}
        </Alert>
      )}
      {comentarios.data?.length === 0 && <Text c="dimmed">{t.sinComentarios}</Text>}
      {comentarios.data && comentarios.data.length > 0 && (
        <Stack gap="sm" role="list" aria-label={t.comentarios}>
          {comentarios.data.map((c) => (
            <Paper key={c.id} withBorder radius="md" p="sm" role="listitem">
              <Group justify="space-between" mb={4}>
                <Text size="sm" fw={600}>
                  {c.usuario?.nombre ?? t.sistema}{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {formatFechaHora(c.fecha, { segundos: true })}
                  </Text>
                </Text>
                {puedeEditar && (
                  <DeleteAction
                    variant="icon"
                    tooltip={t.eliminarComentario}
                    label={t.eliminarComentario}
                    confirm={{ title: t.eliminarComentario, message: t.eliminarComentarioTexto }}
                    run={() => eliminar.mutateAsync(c.id)}
                    done={{ title: t.comentarioEliminado, message: '' }}
                    errorTitle={t.errorComentario}
                  />
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.texto}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {puedeEditar && <NuevoComentario issueId={issueId} />}
    </Stack>
  );
}

function NuevoComentario({ issueId }: { issueId: number }) {
  const form = useForm<ComentarioInput>({ resolver: contractResolver(comentarioInput), defaultValues: { texto: '' } });
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const comentar = useComentar(issueId);
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      await comentar.mutateAsync(values);
      form.reset({ texto: '' });
      notifications.show({ color: 'green', title: t.comentarioAgregado, message: '' });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.formComentario}>
      <Stack gap="xs">
        <FormError message={formError} />
        <TextareaField
          control={form.control}
          name="texto"
          label={t.comentarioLabel}
          placeholder={t.comentarioPlaceholder}
          maxLength={5000}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t.comentar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
