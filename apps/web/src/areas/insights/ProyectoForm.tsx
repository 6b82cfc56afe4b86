import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  PLATAFORMA_NOMBRES,
  PLATAFORMAS,
  proyectoInput,
  type Proyecto,
  type ProyectoInput,
} from '@intranet/contract/areas/insights';
import { NumberField } from '../../components/form/NumberField.tsx';
import { RecordFormScreen, useRecordForm } from '../../components/form/RecordForm.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { SwitchField } from '../../components/form/SwitchField.tsx';
import { TagsField } from '../../components/form/TagsField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { useGuardarProyecto, useProyecto } from './api.ts';
import { insightsMessages as t } from './messages.ts';

const c = t.proyectoCampos;
const EMPTY: ProyectoInput = {
  nombre: '',
  slug: '',
  plataforma: 'javascript',
  activo: true,
  limite_por_minuto: 6000,
  alerta_pico_eventos: 100,
  alerta_pico_minutos: 5,
  campos_sensibles: [],
};
const plataformaOptions = PLATAFORMAS.map((p) => ({ value: p, label: PLATAFORMA_NOMBRES[p] }));

const toFormValues = (p: Proyecto): ProyectoInput => ({
  nombre: p.nombre,
  slug: p.slug,
  plataforma: p.plataforma,
  activo: p.activo,
  limite_por_minuto: p.limite_por_minuto,
  alerta_pico_eventos: p.alerta_pico_eventos,
  alerta_pico_minutos: p.alerta_pico_minutos,
  campos_sensibles: p.campos_sensibles,
});

/** A slug proposed from the name while the slug box is untouched ('Portal Web' → 'portal-web'). */
const slugDe = (nombre: string) =>
  nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);

/** `/insights/proyectos/nuevo` */
export function ProyectoNuevo() {
  return <ProyectoForm initial={EMPTY} />;
}

/** `/insights/proyectos/:id/editar` */
export function ProyectoEditar() {
  const id = Number(useParams().id);
  const proyecto = useProyecto(id);
  return (
    <RecordScreen
      query={proyecto}
      title={t.proyectosTitulo}
      back={{ to: '/insights/proyectos', label: t.volverAProyectos }}
      notFound={t.proyectoNoEncontrado}
    >
      {(record) => <ProyectoForm id={id} nombre={record.nombre} initial={toFormValues(record)} />}
    </RecordScreen>
  );
}

function ProyectoForm({ id, nombre, initial }: { id?: number; nombre?: string; initial: ProyectoInput }) {
  const navigate = useNavigate();
  const guardar = useGuardarProyecto(id);
  const recordForm = useRecordForm({
    schema: proyectoInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved) => {
      notifications.show({ color: 'green', title: t.guardado, message: t.guardadoTexto(saved.nombre) });
      return navigate(`/insights/proyectos/${saved.id}`);
    },
  });
  const { form } = recordForm;
  const { control } = form;
  const volver = id === undefined ? '/insights/proyectos' : `/insights/proyectos/${id}`;
  const titulo = id === undefined ? t.formNuevo : t.formEditar(nombre ?? '');

  // A new project's slug follows its name until the slug is typed by hand.
  useEffect(() => {
    if (id !== undefined) return;
    const subscription = form.watch((values, { name }) => {
      if (name === 'nombre' && !form.getFieldState('slug').isDirty) form.setValue('slug', slugDe(values.nombre ?? ''));
    });
    return () => subscription.unsubscribe();
  }, [form, id]);

  return (
    <RecordFormScreen
      title={titulo}
      back={{ to: volver, label: t.volverAProyectos }}
      cancelTo={volver}
      maw={760}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="nombre" label={c.nombre} withAsterisk autoFocus maxLength={100} />
        <TextField control={control} name="slug" label={c.slug} withAsterisk maxLength={50} placeholder="portal-web" />
        <SelectField control={control} name="plataforma" label={c.plataforma} withAsterisk data={plataformaOptions} />
        <NumberField
          control={control}
          name="limite_por_minuto"
          label={c.limite_por_minuto}
          description={t.limiteDescripcion}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={1}
        />
        <NumberField
          control={control}
          name="alerta_pico_eventos"
          label={c.alerta_pico_eventos}
          description={t.picoDescripcion}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={1}
        />
        <NumberField control={control} name="alerta_pico_minutos" label={c.alerta_pico_minutos} min={1} max={1440} />
      </SimpleGrid>
      <TagsField
        control={control}
        name="campos_sensibles"
        label={c.campos_sensibles}
        description={t.camposSensiblesDescripcion}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        placeholder="p. ej. cuit"
        maxTags={50}
        splitChars={[',', ' ']}
      />
      <SwitchField control={control} name="activo" label={c.activo} description={t.activoDescripcion} />
    </RecordFormScreen>
  );
}
