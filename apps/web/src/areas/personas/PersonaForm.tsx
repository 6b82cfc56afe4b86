import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { personaInput, type PersonaDetalle, type PersonaInput } from '@intranet/contract/areas/personas';
import { PersonaSelect } from '../../components/EntitySelect/PersonaSelect.tsx';
import { RecordFormScreen, useRecordForm } from '../../components/form/RecordForm.tsx';
import { SwitchField } from '../../components/form/SwitchField.tsx';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { useGuardarPersona, usePersona } from './api.ts';
import { personasMessages as t } from './messages.ts';

const EMPTY: PersonaInput = {
  nombre: '',
  apellido: '',
  email: '',
  telefono: '',
  interno: '',
  puesto: '',
  area: '',
  responsable_id: null,
  legajo: '',
  activo: true,
  empresa_id: null,
  notas: '',
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
    <RecordScreen
      query={persona}
      title={t.titulo}
      back={{ to: '/personas', label: t.volver }}
      notFound={t.noEncontrada}
    >
      {(record) => <PersonaForm id={id} nombre={record.nombre_completo} initial={toFormValues(record)} />}
    </RecordScreen>
  );
}

function PersonaForm({ id, nombre, initial }: { id?: number; nombre?: string; initial: PersonaInput }) {
  const navigate = useNavigate();
  const guardar = useGuardarPersona(id);
  const recordForm = useRecordForm({
    schema: personaInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved) => {
      notifications.show({ color: 'green', title: t.guardada, message: t.guardadaTexto(saved.nombre_completo) });
      return navigate(`/personas/${saved.id}`);
    },
  });
  const { control } = recordForm.form;
  const volver = id === undefined ? '/personas' : `/personas/${id}`;
  const titulo = id === undefined ? t.formNueva : t.formEditar(nombre ?? '');

  return (
    <RecordFormScreen
      title={titulo}
      back={{ to: volver, label: id === undefined ? t.volver : t.volverAPersona }}
      cancelTo={volver}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk autoFocus maxLength={100} />
        <TextField control={control} name="apellido" label={t.campos.apellido} withAsterisk maxLength={100} />
        <TextField
          control={control}
          name="email"
          label={t.campos.email}
          type="email"
          placeholder="nombre@physis.com.ar"
        />
        <TextField control={control} name="legajo" label={t.campos.legajo} maxLength={30} />
        <TextField control={control} name="puesto" label={t.campos.puesto} maxLength={100} />
        <TextField control={control} name="area" label={t.campos.area} maxLength={100} />
        <TextField control={control} name="telefono" label={t.campos.telefono} maxLength={50} />
        <TextField control={control} name="interno" label={t.campos.interno} maxLength={20} />
        <PersonaSelect control={control} name="responsable_id" label={t.campos.responsable_id} excluir={id} />
        <SwitchField control={control} name="activo" label={t.campos.activo} mt={{ sm: 28 }} />
      </SimpleGrid>
      <TextareaField control={control} name="notas" label={t.campos.notas} maxLength={5000} />
    </RecordFormScreen>
  );
}
