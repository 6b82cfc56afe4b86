import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import {
  PAQUETE_CANALES,
  paqueteInput,
  type PaqueteCanal,
  type PaqueteFila,
  type PaqueteInput,
} from '@intranet/contract/areas/paquetes';
import { RecordFormScreen, useRecordForm } from '../../components/form/RecordForm.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
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
    <RecordScreen
      query={paquete}
      title={t.titulo}
      back={{ to: '/instaladores', label: t.volver }}
      notFound={t.noEncontrado}
    >
      {(record) => <PaqueteForm paquete={record} />}
    </RecordScreen>
  );
}

function PaqueteForm({ paquete }: { paquete: PaqueteFila }) {
  const navigate = useNavigate();
  const guardar = useGuardarPaquete(paquete.id);
  const volver = `/instaladores/${paquete.id}`;
  const recordForm = useRecordForm({
    schema: paqueteInput,
    initial: toFormValues(paquete),
    save: guardar.mutateAsync,
    onSaved: (saved) => {
      notifications.show({ color: 'green', title: t.guardado, message: saved.nombre });
      return navigate(volver);
    },
  });
  const { control } = recordForm.form;

  return (
    <RecordFormScreen
      title={t.formEditar(paquete.nombre)}
      back={{ to: volver, label: t.volverAlPaquete }}
      cancelTo={volver}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk autoFocus maxLength={200} />
        <TextField control={control} name="producto" label={t.campos.producto} maxLength={120} />
        <TextField control={control} name="version" label={t.campos.version} placeholder="3.14.2" />
        <SelectField control={control} name="canal" label={t.campos.canal} data={canalOptions} withAsterisk />
      </SimpleGrid>
      <TextareaField control={control} name="notas" label={t.campos.notas} maxLength={2000} />
    </RecordFormScreen>
  );
}
