import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { emptyDocument } from '@intranet/editor';
import {
  VERSION_CANALES,
  versionInput,
  type VersionDetalle,
  type VersionInput,
} from '@intranet/contract/areas/versiones';
import { RichTextField } from '../../components/form/RichTextField.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { RecordFormScreen, useRecordForm } from '../../components/form/RecordForm.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { useGuardarVersion, useVersion, useVersionProductos } from './api.ts';
import { versionesMessages as t } from './messages.ts';

const canalOptions = VERSION_CANALES.map((canal) => ({ value: canal, label: t.canales[canal] }));

/** `/versiones/nueva` (`?producto=` preselects the product). */
export function VersionNueva() {
  const [params] = useSearchParams();
  const producto = Number(params.get('producto')) || 0;
  return <VersionForm initial={{ producto_id: producto, numero: '', canal: 'estable', notas: emptyDocument() }} />;
}

/** `/versiones/:id/editar`: the form once the version has loaded. */
export function VersionEditar() {
  const id = Number(useParams().id);
  const version = useVersion(id);
  return (
    <RecordScreen
      query={version}
      title={t.titulo}
      back={{ to: '/versiones', label: t.volver }}
      notFound={t.noEncontrada}
    >
      {(record) => <VersionForm version={record} initial={toFormValues(record)} />}
    </RecordScreen>
  );
}

const toFormValues = (v: VersionDetalle): VersionInput => ({
  producto_id: v.producto_id,
  numero: v.numero,
  canal: v.canal,
  notas: v.notas,
});

function VersionForm({ version, initial }: { version?: VersionDetalle; initial: VersionInput }) {
  const navigate = useNavigate();
  const productos = useVersionProductos();
  const guardar = useGuardarVersion(version?.id);
  const recordForm = useRecordForm({
    schema: versionInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved) => {
      notifications.show({ color: 'green', title: t.guardada, message: t.nombreVersion(saved.producto, saved.numero) });
      return navigate(`/versiones/${saved.id}`);
    },
  });
  const { control } = recordForm.form;
  const volver = version ? `/versiones/${version.id}` : '/versiones';
  const titulo = version ? t.formEditar(t.nombreVersion(version.producto, version.numero)) : t.formNueva;
  const productoOptions = (productos.data ?? [])
    .filter((p) => p.activo || p.id === initial.producto_id)
    .map((p) => ({ value: String(p.id), label: `${p.nombre} (${p.codigo})` }));

  return (
    <RecordFormScreen
      title={titulo}
      back={{ to: volver, label: version ? t.volverALaVersion : t.volver }}
      cancelTo={volver}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <SelectField
          control={control}
          name="producto_id"
          label={t.campos.producto}
          data={productoOptions}
          numeric
          searchable
          withAsterisk
        />
        <TextField control={control} name="numero" label={t.campos.numero} placeholder="3.14.2" withAsterisk />
        <SelectField control={control} name="canal" label={t.campos.canal} data={canalOptions} withAsterisk />
      </SimpleGrid>
      <RichTextField control={control} name="notas" label={t.campos.notas} />
    </RecordFormScreen>
  );
}
