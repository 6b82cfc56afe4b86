import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import {
  MAQUINA_ESTADOS,
  MAQUINA_ESTADOS_LIBRES,
  MAQUINA_TIPOS,
  maquinaInput,
  type MaquinaDetalle,
  type MaquinaInput,
} from '@intranet/contract/areas/maquinas';
import { NumberField } from '../../components/form/NumberField.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { RecordFormScreen, useRecordForm } from '../../components/form/RecordForm.tsx';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { DateField } from '../../components/form/DateField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { useGuardarMaquina, useMaquina } from './api.ts';
import { maquinasMessages as t } from './messages.ts';

const EMPTY: MaquinaInput = {
  nombre: '',
  nro_inventario: '',
  serie: '',
  tipo: 'notebook',
  fabricante: '',
  modelo: '',
  so: '',
  so_version: '',
  cpu: '',
  ram_gb: null,
  disco_gb: null,
  ip: '',
  mac: '',
  ubicacion: '',
  estado: 'disponible',
  fecha_compra: '',
  garantia_hasta: '',
  notas: '',
};

const tipoOptions = MAQUINA_TIPOS.map((v) => ({ value: v, label: t.tipos[v] }));

function toFormValues(m: MaquinaDetalle): MaquinaInput {
  return {
    nombre: m.nombre,
    nro_inventario: m.nro_inventario ?? '',
    serie: m.serie ?? '',
    tipo: m.tipo,
    fabricante: m.fabricante ?? '',
    modelo: m.modelo ?? '',
    so: m.so ?? '',
    so_version: m.so_version ?? '',
    cpu: m.cpu ?? '',
    ram_gb: m.ram_gb,
    disco_gb: m.disco_gb,
    ip: m.ip ?? '',
    mac: m.mac ?? '',
    ubicacion: m.ubicacion ?? '',
    estado: m.estado,
    fecha_compra: m.fecha_compra ?? '',
    garantia_hasta: m.garantia_hasta ?? '',
    notas: m.notas ?? '',
  };
}

/** `/maquinas/nueva` */
export function MaquinaNueva() {
  return <MaquinaForm initial={EMPTY} asignada={false} />;
}

/** `/maquinas/:id/editar` */
export function MaquinaEditar() {
  const id = Number(useParams().id);
  const maquina = useMaquina(id);
  return (
    <RecordScreen
      query={maquina}
      title={t.titulo}
      back={{ to: '/maquinas', label: t.volver }}
      notFound={t.noEncontrada}
    >
      {(record) => (
        <MaquinaForm
          id={id}
          nombre={record.nombre}
          initial={toFormValues(record)}
          asignada={record.persona_id !== null}
        />
      )}
    </RecordScreen>
  );
}

function MaquinaForm({
  id,
  nombre,
  initial,
  asignada,
}: {
  id?: number;
  nombre?: string;
  initial: MaquinaInput;
  asignada: boolean;
}) {
  const navigate = useNavigate();
  const guardar = useGuardarMaquina(id);
  const recordForm = useRecordForm({
    schema: maquinaInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved) => {
      notifications.show({ color: 'green', title: t.guardada, message: t.guardadaTexto(saved.nombre) });
      return navigate(`/maquinas/${saved.id}`);
    },
  });
  const { control } = recordForm.form;
  const volver = id === undefined ? '/maquinas' : `/maquinas/${id}`;
  const titulo = id === undefined ? t.formNueva : t.formEditar(nombre ?? '');
  // «En uso» belongs to the assignment: offered only while the machine is assigned, and then fixed.
  const estadoOptions = (asignada ? MAQUINA_ESTADOS.filter((e) => e === 'en_uso') : MAQUINA_ESTADOS_LIBRES).map(
    (v) => ({ value: v, label: t.estados[v] }),
  );

  return (
    <RecordFormScreen
      title={titulo}
      back={{ to: volver, label: id === undefined ? t.volver : t.volverAMaquina }}
      cancelTo={volver}
      maw={1100}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk autoFocus maxLength={100} />
        <SelectField control={control} name="tipo" label={t.campos.tipo} withAsterisk data={tipoOptions} />
        <SelectField
          control={control}
          name="estado"
          label={t.campos.estado}
          withAsterisk
          data={estadoOptions}
          disabled={asignada}
          description={asignada ? t.estadoAsignada : undefined}
        />
        <TextField control={control} name="nro_inventario" label={t.campos.nro_inventario} maxLength={50} />
        <TextField control={control} name="serie" label={t.campos.serie} maxLength={100} />
        <TextField control={control} name="ubicacion" label={t.campos.ubicacion} maxLength={100} />
        <TextField control={control} name="fabricante" label={t.campos.fabricante} maxLength={100} />
        <TextField control={control} name="modelo" label={t.campos.modelo} maxLength={100} />
        <TextField control={control} name="cpu" label={t.campos.cpu} maxLength={100} />
        <TextField control={control} name="so" label={t.campos.so} maxLength={100} />
        <TextField control={control} name="so_version" label={t.campos.so_version} maxLength={50} />
        <NumberField control={control} name="ram_gb" label={t.campos.ram_gb} min={0} />
        <NumberField control={control} name="disco_gb" label={t.campos.disco_gb} min={0} />
        <TextField control={control} name="ip" label={t.campos.ip} placeholder="192.168.0.10" />
        <TextField control={control} name="mac" label={t.campos.mac} placeholder="3C:52:82:0A:1B:2C" />
        <DateField control={control} name="fecha_compra" label={t.campos.fecha_compra} />
        <DateField control={control} name="garantia_hasta" label={t.campos.garantia_hasta} />
      </SimpleGrid>
      <TextareaField control={control} name="notas" label={t.campos.notas} maxLength={5000} />
    </RecordFormScreen>
  );
}
