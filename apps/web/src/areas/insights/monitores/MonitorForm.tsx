import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  type Monitor,
  type MonitorInput,
  monitorInput,
  PROGRAMA_TIPOS,
  UNIDADES_INTERVALO,
} from '@intranet/contract/areas/insights/monitores';
import { NumberField } from '../../../components/form/NumberField.tsx';
import { RecordFormScreen, useRecordForm } from '../../../components/form/RecordForm.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { RecordScreen } from '../../../components/RecordScreen.tsx';
import { useGuardarMonitor, useMonitor } from './api.ts';
import { tabDelProyecto } from './MonitorDetail.tsx';
import { monitoresMessages as t } from './messages.ts';

const c = t.campos;
const EMPTY: MonitorInput = {
  nombre: '',
  slug: '',
  programa_tipo: 'crontab',
  crontab: '',
  intervalo: null,
  unidad: null,
  margen_minutos: 1,
  max_minutos: 30,
  zona: 'America/Argentina/Buenos_Aires',
};
const tipoOptions = PROGRAMA_TIPOS.map((p) => ({ value: p, label: t.tipos[p] }));
const unidadOptions = UNIDADES_INTERVALO.map((u) => ({ value: u, label: t.unidades[u] }));

const toFormValues = (m: Monitor): MonitorInput => ({
  nombre: m.nombre,
  slug: m.slug,
  programa_tipo: m.programa_tipo,
  crontab: m.crontab ?? '',
  intervalo: m.intervalo,
  unidad: m.unidad,
  margen_minutos: m.margen_minutos,
  max_minutos: m.max_minutos,
  zona: m.zona,
});

const slugDe = (nombre: string) =>
  nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

/** `/insights/proyectos/:id/monitores/nuevo` */
export function MonitorNuevo() {
  const proyectoId = Number(useParams().id);
  return <MonitorForm proyectoId={proyectoId} initial={EMPTY} />;
}

/** `/insights/monitores/:id/editar` */
export function MonitorEditar() {
  const id = Number(useParams().id);
  const monitor = useMonitor(id);
  return (
    <RecordScreen
      query={monitor}
      title={t.titulo}
      back={{ to: '/insights/proyectos', label: t.volverAlProyecto }}
      notFound={t.noEncontrado}
    >
      {(m) => <MonitorForm proyectoId={m.proyecto_id} monitorId={m.id} nombre={m.nombre} initial={toFormValues(m)} />}
    </RecordScreen>
  );
}

function MonitorForm({
  proyectoId,
  monitorId,
  nombre,
  initial,
}: {
  proyectoId: number;
  monitorId?: number;
  nombre?: string;
  initial: MonitorInput;
}) {
  const navigate = useNavigate();
  const guardar = useGuardarMonitor(proyectoId, monitorId);
  const recordForm = useRecordForm({
    schema: monitorInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved) => {
      notifications.show({ color: 'green', title: t.guardado, message: saved.nombre });
      return navigate(`/insights/monitores/${saved.id}`);
    },
  });
  const { form } = recordForm;
  const { control } = form;
  const tipo = form.watch('programa_tipo');
  const volver = monitorId === undefined ? tabDelProyecto(proyectoId) : `/insights/monitores/${monitorId}`;

  useEffect(() => {
    if (monitorId !== undefined) return;
    const subscription = form.watch((values, { name }) => {
      if (name === 'nombre' && !form.getFieldState('slug').isDirty) form.setValue('slug', slugDe(values.nombre ?? ''));
    });
    return () => subscription.unsubscribe();
  }, [form, monitorId]);

  return (
    <RecordFormScreen
      title={monitorId === undefined ? t.nuevo : `${t.editar} ${nombre ?? ''}`}
      back={{ to: volver, label: t.volverAlProyecto }}
      cancelTo={volver}
      maw={760}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="nombre" label={c.nombre} withAsterisk autoFocus maxLength={100} />
        <TextField
          control={control}
          name="slug"
          label={c.slug}
          description={c.slugDescripcion}
          withAsterisk
          maxLength={100}
          placeholder="backup-diario"
        />
        <SelectField control={control} name="programa_tipo" label={c.programa_tipo} withAsterisk data={tipoOptions} />
        {tipo === 'interval' ? (
          <SimpleGrid cols={2} spacing="sm">
            <NumberField control={control} name="intervalo" label={c.intervalo} withAsterisk min={1} />
            <SelectField control={control} name="unidad" label={c.unidad} withAsterisk data={unidadOptions} />
          </SimpleGrid>
        ) : (
          <TextField
            control={control}
            name="crontab"
            label={c.crontab}
            description={c.crontabDescripcion}
            withAsterisk
            maxLength={100}
            placeholder="0 3 * * *"
            ff="monospace"
          />
        )}
        <NumberField
          control={control}
          name="margen_minutos"
          label={c.margen_minutos}
          description={c.margenDescripcion}
          min={1}
        />
        <NumberField
          control={control}
          name="max_minutos"
          label={c.max_minutos}
          description={c.maxDescripcion}
          min={1}
        />
        <TextField control={control} name="zona" label={c.zona} description={c.zonaDescripcion} maxLength={64} />
      </SimpleGrid>
    </RecordFormScreen>
  );
}
