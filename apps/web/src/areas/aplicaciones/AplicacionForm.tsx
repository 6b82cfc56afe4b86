import { Autocomplete, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { aplicacionInput, type Aplicacion, type AplicacionInput } from '@intranet/contract/areas/aplicaciones';
import { emptyDocument } from '@intranet/editor';
import { RichTextField } from '../../components/form/RichTextField.tsx';
import { RecordFormScreen, useRecordForm } from '../../components/form/RecordForm.tsx';
import { SwitchField } from '../../components/form/SwitchField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { APK_PATH } from './AplicacionesList.tsx';
import { useAplicacion, useCategorias, useGuardarAplicacion, type AplicacionValues } from './api.ts';
import { IconoField } from './IconoField.tsx';
import { aplicacionesMessages as t } from './messages.ts';

const empty = (): AplicacionInput => ({
  package_name: '',
  nombre: '',
  resumen: '',
  categoria: '',
  publicada: false,
  icono_id: null,
  descripcion: emptyDocument(),
});

function toFormValues(a: Aplicacion): AplicacionInput {
  return {
    package_name: a.package_name,
    nombre: a.nombre,
    resumen: a.resumen ?? '',
    categoria: a.categoria ?? '',
    publicada: a.publicada,
    icono_id: a.icono_id,
    descripcion: a.descripcion,
  };
}

/** `/soluciones/apk/nueva` */
export function AplicacionNueva() {
  return <AplicacionForm initial={empty()} />;
}

/** `/soluciones/apk/:id/editar`: the form once the app has loaded. */
export function AplicacionEditar() {
  const id = Number(useParams().id);
  const app = useAplicacion(id);
  return (
    <RecordScreen query={app} title={t.titulo} back={{ to: APK_PATH, label: t.volver }} notFound={t.noEncontrada}>
      {(record) => <AplicacionForm id={id} app={record} initial={toFormValues(record)} />}
    </RecordScreen>
  );
}

/** The category: one in use, or a new one typed in. */
function CategoriaField({ control }: { control: Control<AplicacionInput, unknown, AplicacionValues> }) {
  const { field, fieldState } = useController({ control, name: 'categoria' });
  const categorias = useCategorias();
  return (
    <Autocomplete
      ref={field.ref}
      name={field.name}
      label={t.campos.categoria}
      description={t.categoriaAyuda}
      data={categorias.data ?? []}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      maxLength={60}
    />
  );
}

function AplicacionForm({ id, app, initial }: { id?: number; app?: Aplicacion; initial: AplicacionInput }) {
  const navigate = useNavigate();
  const guardar = useGuardarAplicacion(id);
  const recordForm = useRecordForm({
    schema: aplicacionInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved: Aplicacion) => {
      notifications.show({ color: 'green', title: t.guardada, message: t.guardadaTexto(saved.nombre) });
      return navigate(`${APK_PATH}/${saved.id}`);
    },
  });
  const { form } = recordForm;
  const { control } = form;
  const nombre = useWatch({ control, name: 'nombre' });
  const volver = id === undefined ? APK_PATH : `${APK_PATH}/${id}`;
  const titulo = id === undefined ? t.formNueva : t.formEditar(app?.nombre ?? '');
  const paqueteFijo = (app?.versiones ?? 0) > 0;

  return (
    <RecordFormScreen
      title={titulo}
      back={{ to: volver, label: id === undefined ? t.volver : t.volverALaApp }}
      cancelTo={volver}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk autoFocus maxLength={120} />
        <TextField
          control={control}
          name="package_name"
          label={t.campos.package_name}
          description={paqueteFijo ? t.packageFijo : t.packageAyuda}
          withAsterisk
          readOnly={paqueteFijo}
          placeholder="com.physis.app"
          maxLength={150}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <TextField control={control} name="resumen" label={t.campos.resumen} maxLength={200} />
        <CategoriaField control={control} />
        <IconoField control={control} name="icono_id" nombre={nombre} actual={app?.icono ?? null} />
        <SwitchField
          control={control}
          name="publicada"
          label={t.campos.publicada}
          description={t.publicadaAyuda}
          mt={{ base: 0, sm: 30 }}
        />
      </SimpleGrid>
      <RichTextField control={control} name="descripcion" label={t.campos.descripcion} />
    </RecordFormScreen>
  );
}
