import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useWatch, type Control, type DefaultValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  DESARROLLO_PRIORIDADES,
  desarrolloInput,
  type Desarrollo,
  type DesarrolloInput,
} from '@intranet/contract/areas/desarrollos';
import { emptyDocument } from '@intranet/editor';
import { NumberField } from '../../components/form/NumberField.tsx';
import { RichTextField } from '../../components/form/RichTextField.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { RecordFormScreen, useRecordForm } from '../../components/form/RecordForm.tsx';
import { DateField } from '../../components/form/DateField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { ClienteSelect, razonSocial } from '../../components/EntitySelect/ClienteSelect.tsx';
import { useProductoOpciones } from '../../components/EntitySelect/useProductoOpciones.ts';
import { useDesarrollo, useGuardarDesarrollo, useOpciones, type DesarrolloValues } from './api.ts';
import { DESARROLLOS_PATH } from './Filtros.tsx';
import { desarrollosMessages as t } from './messages.ts';

// No product yet: the select starts empty and the contract asks for one.
const empty = (): DefaultValues<DesarrolloInput> => ({
  titulo: '',
  empresa_id: null,
  descripcion: emptyDocument(),
  prioridad: 'media',
  responsable_id: null,
  horas_estimadas: null,
  horas_reales: null,
  fecha_solicitud: dayjs().format('YYYY-MM-DD'),
  fecha_compromiso: '',
  fecha_entrega: '',
  version_id: null,
});

/** The form's values for a stored development: nulls become empty boxes; the description stays as stored. */
function toFormValues(d: Desarrollo): DesarrolloInput {
  return {
    titulo: d.titulo,
    empresa_id: d.empresa_id,
    producto_id: d.producto_id,
    descripcion: d.descripcion,
    prioridad: d.prioridad,
    responsable_id: d.responsable_id,
    horas_estimadas: d.horas_estimadas,
    horas_reales: d.horas_reales,
    fecha_solicitud: d.fecha_solicitud,
    fecha_compromiso: d.fecha_compromiso ?? '',
    fecha_entrega: d.fecha_entrega ?? '',
    version_id: d.version_id,
  };
}

/** `/desarrollos/nuevo` */
export function DesarrolloNuevo() {
  return <DesarrolloForm initial={empty()} />;
}

/** `/desarrollos/:id/editar`: the form once the development has loaded. */
export function DesarrolloEditar() {
  const id = Number(useParams().id);
  const desarrollo = useDesarrollo(id);
  return (
    <RecordScreen
      query={desarrollo}
      title={t.titulo}
      back={{ to: DESARROLLOS_PATH, label: t.volver }}
      notFound={t.noEncontrado}
    >
      {(record) => <DesarrolloForm id={id} actual={record} initial={toFormValues(record)} />}
    </RecordScreen>
  );
}

interface DesarrolloFormProps {
  id?: number;
  /** The stored development (edit), whose product and owner stay choosable even if inactive now. */
  actual?: Desarrollo;
  initial: DefaultValues<DesarrolloInput>;
}

const prioridadOptions = DESARROLLO_PRIORIDADES.map((p) => ({ value: p, label: t.prioridades[p] }));

function DesarrolloForm({ id, actual, initial }: DesarrolloFormProps) {
  const navigate = useNavigate();
  const guardar = useGuardarDesarrollo(id);
  const recordForm = useRecordForm({
    schema: desarrolloInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved: Desarrollo) => {
      notifications.show({ color: 'green', title: t.guardado, message: t.guardadoTexto(saved.titulo) });
      return navigate(`${DESARROLLOS_PATH}/${saved.id}`);
    },
  });
  const { form } = recordForm;
  const { control } = form;
  const volver = id === undefined ? DESARROLLOS_PATH : `${DESARROLLOS_PATH}/${id}`;
  const titulo = id === undefined ? t.formNuevo : t.formEditar(actual?.titulo ?? '');

  return (
    <RecordFormScreen
      title={titulo}
      back={{ to: volver, label: id === undefined ? t.volver : t.volverAlDesarrollo }}
      cancelTo={volver}
      maw={1040}
      recordForm={recordForm}
    >
      <TextField
        control={control}
        name="titulo"
        label={t.campos.titulo}
        withAsterisk
        autoFocus
        maxLength={200}
        description={id === undefined ? t.estadoAyuda : undefined}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <ClienteSelect
          control={control}
          name="empresa_id"
          label={t.campos.empresa}
          description={t.clienteAyuda}
          placeholder={t.buscarCliente}
          optionLabel={razonSocial}
        />
        <ProductoYVersion
          control={control}
          setVersion={(v) => form.setValue('version_id', v, { shouldDirty: true })}
          actual={actual}
        />
        <SelectField
          control={control}
          name="prioridad"
          label={t.campos.prioridad}
          withAsterisk
          data={prioridadOptions}
        />
        <ResponsableField control={control} actual={actual} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <DateField control={control} name="fecha_solicitud" label={t.campos.fecha_solicitud} withAsterisk />
        <DateField control={control} name="fecha_compromiso" label={t.campos.fecha_compromiso} />
        <DateField control={control} name="fecha_entrega" label={t.campos.fecha_entrega} />
        <NumberField
          control={control}
          name="horas_estimadas"
          label={t.campos.horas_estimadas}
          allowDecimal
          decimalScale={2}
          step={0.25}
          min={0}
          description={t.horasAyuda}
        />
        <NumberField
          control={control}
          name="horas_reales"
          label={t.campos.horas_reales}
          allowDecimal
          decimalScale={2}
          step={0.25}
          min={0}
          description={t.horasAyuda}
        />
      </SimpleGrid>
      <RichTextField control={control} name="descripcion" label={t.campos.descripcion} />
    </RecordFormScreen>
  );
}

type FormControl = Control<DesarrolloInput, unknown, DesarrolloValues>;

/** The product, and a version among that product's; a version of another product is cleared. */
function ProductoYVersion({
  control,
  setVersion,
  actual,
}: {
  control: FormControl;
  setVersion: (v: number | null) => void;
  actual: Desarrollo | undefined;
}) {
  const productos = useProductoOpciones();
  const opciones = useOpciones();
  const [productoId, versionId] = useWatch({ control, name: ['producto_id', 'version_id'] });
  const versiones = (opciones.data?.versiones ?? []).filter((v) => v.producto_id === productoId);
  const productoData = (productos.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }));
  if (actual && !productoData.some((p) => p.value === String(actual.producto_id)))
    productoData.unshift({ value: String(actual.producto_id), label: actual.producto });

  useEffect(() => {
    if (opciones.data && versionId && !versiones.some((v) => v.id === versionId)) setVersion(null);
  }, [opciones.data, versionId, versiones, setVersion]);

  return (
    <>
      <SelectField
        control={control}
        name="producto_id"
        label={t.campos.producto}
        withAsterisk
        numeric
        searchable
        data={productoData}
      />
      <SelectField
        control={control}
        name="version_id"
        label={t.campos.version}
        numeric
        clearable
        allowDeselect
        description={t.versionAyuda}
        data={versiones.map((v) => ({ value: String(v.id), label: v.numero }))}
        disabled={!productoId}
      />
    </>
  );
}

function ResponsableField({ control, actual }: { control: FormControl; actual: Desarrollo | undefined }) {
  const opciones = useOpciones();
  const data = (opciones.data?.responsables ?? [])
    .filter((p) => p.activo || p.id === actual?.responsable_id)
    .map((p) => ({ value: String(p.id), label: p.nombre }));
  return (
    <SelectField
      control={control}
      name="responsable_id"
      label={t.campos.responsable}
      numeric
      clearable
      allowDeselect
      searchable
      data={data}
    />
  );
}
