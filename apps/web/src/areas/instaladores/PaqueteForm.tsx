import { Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { PAQUETE_CANALES, paqueteInput, type PaqueteCanal, type PaqueteFila, type PaqueteInput, type PaqueteValues } from '@intranet/contract/paquetes';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { formMessages } from '../../components/messages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { useGuardarPaquete, usePaquete } from './api.ts';
import { instaladoresMessages as t } from './messages.ts';

const canalOptions = PAQUETE_CANALES.map((canal) => ({ value: canal, label: t.canales[canal] }));

const toFormValues = (p: PaqueteFila): PaqueteInput => ({
  nombre: p.nombre,
  producto: p.producto ?? '',
  version: p.version ?? '',
  canal: (PAQUETE_CANALES as readonly string[]).includes(p.canal ?? '') ? (p.canal as PaqueteCanal) : 'estable',
  notas: p.notas ?? '',
});

/** `/instaladores/:id/editar`: the package's fields (its file stays as uploaded). */
export function PaqueteEditar() {
  const id = Number(useParams().id);
  const paquete = usePaquete(id);
  return (
    <RecordScreen query={paquete} title={t.titulo} back={{ to: '/instaladores', label: t.volver }} notFound={t.noEncontrado}>
      {(record) => <PaqueteForm paquete={record} />}
    </RecordScreen>
  );
}

function PaqueteForm({ paquete }: { paquete: PaqueteFila }) {
  const navigate = useNavigate();
  const form = useForm<PaqueteInput, unknown, PaqueteValues>({ resolver: contractResolver(paqueteInput), defaultValues: toFormValues(paquete), mode: 'onTouched' });
  const { control, formState } = form;
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const guardar = useGuardarPaquete(paquete.id);
  const { allowLeave } = useDirtyGuard(formState.isDirty && !guardar.isSuccess);
  const volver = `/instaladores/${paquete.id}`;
  const titulo = t.formEditar(paquete.nombre);

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const saved = await guardar.mutateAsync(values);
      notifications.show({ color: 'green', title: t.guardado, message: saved.nombre });
      allowLeave();
      await navigate(volver);
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <>
      <PageHeader title={titulo} back={{ to: volver, label: t.volverAlPaquete }} />
      <Paper withBorder p="lg" radius="md" maw={960}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={titulo}>
          <Stack gap="md">
            <FormError message={formError} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk autoFocus maxLength={200} />
              <TextField control={control} name="producto" label={t.campos.producto} maxLength={120} />
              <TextField control={control} name="version" label={t.campos.version} placeholder="3.14.2" />
              <SelectField control={control} name="canal" label={t.campos.canal} data={canalOptions} withAsterisk />
            </SimpleGrid>
            <TextareaField control={control} name="notas" label={t.campos.notas} maxLength={2000} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void navigate(volver)}>
                {formMessages.cancelar}
              </Button>
              <Button type="submit" loading={formState.isSubmitting}>
                {formMessages.guardar}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
