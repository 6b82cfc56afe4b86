import { Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { personaInput, type PersonaDetalle, type PersonaInput } from '@intranet/contract/personas';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { SwitchField } from '../../components/form/SwitchField.tsx';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { formMessages } from '../../components/messages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { useGuardarPersona, usePersona, type PersonaValues } from './api.ts';
import { personasMessages as t } from './messages.ts';
import { PersonaSelect } from './PersonaSelect.tsx';

const EMPTY: PersonaInput = {
  nombre: '', apellido: '', email: '', telefono: '', interno: '', puesto: '', area: '', responsable_id: null, legajo: '', activo: true, empresa_id: null, notas: '',
};

function toFormValues(p: PersonaDetalle): PersonaInput {
  return {
    nombre: p.nombre,
    apellido: p.apellido,
    email: p.email ?? '',
    telefono: p.telefono ?? '',
    interno: p.interno ?? '',
    puesto: p.puesto ?? '',
    area: p.area ?? '',
    responsable_id: p.responsable_id,
    legajo: p.legajo ?? '',
    activo: p.activo,
    // The company link is set from Clientes (contacts); the form keeps it as it is.
    empresa_id: p.empresa_id,
    notas: p.notas ?? '',
  };
}

/** `/personas/nueva` */
export function PersonaNueva() {
  return <PersonaForm initial={EMPTY} />;
}

/** `/personas/:id/editar` */
export function PersonaEditar() {
  const id = Number(useParams().id);
  const persona = usePersona(id);
  return (
    <RecordScreen query={persona} title={t.titulo} back={{ to: '/personas', label: t.volver }} notFound={t.noEncontrada}>
      {(record) => <PersonaForm id={id} nombre={record.nombre_completo} initial={toFormValues(record)} />}
    </RecordScreen>
  );
}

function PersonaForm({ id, nombre, initial }: { id?: number; nombre?: string; initial: PersonaInput }) {
  const navigate = useNavigate();
  const form = useForm<PersonaInput, unknown, PersonaValues>({ resolver: contractResolver(personaInput), defaultValues: initial, mode: 'onTouched' });
  const { control, formState } = form;
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const guardar = useGuardarPersona(id);
  const { allowLeave } = useDirtyGuard(formState.isDirty && !guardar.isSuccess);
  const volver = id === undefined ? '/personas' : `/personas/${id}`;
  const titulo = id === undefined ? t.formNueva : t.formEditar(nombre ?? '');

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const saved = await guardar.mutateAsync(values);
      notifications.show({ color: 'green', title: t.guardada, message: t.guardadaTexto(saved.nombre_completo) });
      allowLeave();
      await navigate(`/personas/${saved.id}`);
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <>
      <PageHeader title={titulo} back={{ to: volver, label: id === undefined ? t.volver : t.volverAPersona }} />
      <Paper withBorder p="lg" radius="md" maw={960}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={titulo}>
          <Stack gap="md">
            <FormError message={formError} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk autoFocus maxLength={100} />
              <TextField control={control} name="apellido" label={t.campos.apellido} withAsterisk maxLength={100} />
              <TextField control={control} name="email" label={t.campos.email} type="email" placeholder="nombre@physis.com.ar" />
              <TextField control={control} name="legajo" label={t.campos.legajo} maxLength={30} />
              <TextField control={control} name="puesto" label={t.campos.puesto} maxLength={100} />
              <TextField control={control} name="area" label={t.campos.area} maxLength={100} />
              <TextField control={control} name="telefono" label={t.campos.telefono} maxLength={50} />
              <TextField control={control} name="interno" label={t.campos.interno} maxLength={20} />
              <PersonaSelect control={control} name="responsable_id" label={t.campos.responsable_id} excluir={id} />
              <SwitchField control={control} name="activo" label={t.campos.activo} mt={{ sm: 28 }} />
            </SimpleGrid>
            <TextareaField control={control} name="notas" label={t.campos.notas} maxLength={5000} />
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
