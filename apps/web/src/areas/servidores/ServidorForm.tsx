import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import {
  SERVIDOR_ESTADOS,
  servidorInput,
  type ServidorDetalle,
  type ServidorInput,
} from '@intranet/contract/areas/servidores';
import { RecordFormScreen, useRecordForm } from '../../components/form/RecordForm.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { useGuardarServidor, useServidor } from './api.ts';
import { servidoresMessages as t } from './messages.ts';

const EMPTY: ServidorInput = {
  nombre: '',
  hostname: '',
  ip_publica: '',
  ip_privada: '',
  proveedor: '',
  rol: '',
  so: '',
  estado: 'activo',
  notas: '',
};

const estadoOptions = SERVIDOR_ESTADOS.map((estado) => ({ value: estado, label: t.estados[estado] }));

/** The form's values for a stored server: nulls become empty boxes. */
function toFormValues(s: ServidorDetalle): ServidorInput {
  return {
    nombre: s.nombre,
    hostname: s.hostname ?? '',
    ip_publica: s.ip_publica ?? '',
    ip_privada: s.ip_privada ?? '',
    proveedor: s.proveedor ?? '',
    rol: s.rol ?? '',
    so: s.so ?? '',
    estado: s.estado,
    notas: s.notas ?? '',
  };
}

/** `/servidores/nuevo` */
export function ServidorNuevo() {
  return <ServidorForm initial={EMPTY} />;
}

/** `/servidores/:id/editar`: the form once the server has loaded. */
export function ServidorEditar() {
  const id = Number(useParams().id);
  const servidor = useServidor(id);
  return (
    <RecordScreen
      query={servidor}
      title={t.titulo}
      back={{ to: '/servidores', label: t.volver }}
      notFound={t.noEncontrado}
    >
      {(record) => <ServidorForm id={id} nombre={record.nombre} initial={toFormValues(record)} />}
    </RecordScreen>
  );
}

interface ServidorFormProps {
  id?: number;
  nombre?: string;
  initial: ServidorInput;
}

function ServidorForm({ id, nombre, initial }: ServidorFormProps) {
  const navigate = useNavigate();
  const guardar = useGuardarServidor(id);
  const recordForm = useRecordForm({
    schema: servidorInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved) => {
      notifications.show({ color: 'green', title: t.guardado, message: t.guardadoTexto(saved.nombre) });
      return navigate(`/servidores/${saved.id}`);
    },
  });
  const { control } = recordForm.form;
  const volver = id === undefined ? '/servidores' : `/servidores/${id}`;
  const titulo = id === undefined ? t.formNuevo : t.formEditar(nombre ?? '');

  return (
    <RecordFormScreen
      title={titulo}
      back={{ to: volver, label: id === undefined ? t.volver : t.volverAlServidor }}
      cancelTo={volver}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk autoFocus maxLength={100} />
        <SelectField control={control} name="estado" label={t.campos.estado} withAsterisk data={estadoOptions} />
        <TextField control={control} name="hostname" label={t.campos.hostname} placeholder="web01.example.com" />
        <TextField control={control} name="proveedor" label={t.campos.proveedor} maxLength={100} />
        <TextField control={control} name="ip_publica" label={t.campos.ip_publica} placeholder="203.0.113.10" />
        <TextField control={control} name="ip_privada" label={t.campos.ip_privada} placeholder="10.0.0.10" />
        <TextField control={control} name="rol" label={t.campos.rol} maxLength={100} />
        <TextField control={control} name="so" label={t.campos.so} maxLength={100} />
      </SimpleGrid>
      <TextareaField control={control} name="notas" label={t.campos.notas} maxLength={5000} />
    </RecordFormScreen>
  );
}
