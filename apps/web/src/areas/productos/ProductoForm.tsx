import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { PRODUCTO_TIPOS, productoInput, type Producto, type ProductoInput } from '@intranet/contract/areas/productos';
import { emptyDocument } from '@intranet/editor';
import { RecordFormScreen, useRecordForm } from '../../components/form/RecordForm.tsx';
import { RichTextField } from '../../components/form/RichTextField.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { SwitchField } from '../../components/form/SwitchField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { useGuardarProducto, useProducto } from './api.ts';
import { productosMessages as t } from './messages.ts';
import { PRODUCTOS_PATH } from './ProductosList.tsx';

const empty = (): ProductoInput => ({
  codigo: '',
  nombre: '',
  linea: '',
  tipo: 'escritorio',
  activo: true,
  responsable: '',
  descripcion: emptyDocument(),
});

const tipoOptions = PRODUCTO_TIPOS.map((tipo) => ({ value: tipo, label: t.tipos[tipo] }));

/** The form's values for a stored product: nulls become empty boxes; the description stays as stored. */
function toFormValues(p: Producto): ProductoInput {
  return {
    codigo: p.codigo,
    nombre: p.nombre,
    linea: p.linea ?? '',
    tipo: p.tipo,
    activo: p.activo,
    responsable: p.responsable ?? '',
    descripcion: p.descripcion,
  };
}

/** `/soluciones/productos/nuevo` */
export function ProductoNuevo() {
  return <ProductoForm initial={empty()} />;
}

/** `/soluciones/productos/:id/editar`: the form once the product has loaded. */
export function ProductoEditar() {
  const id = Number(useParams().id);
  const producto = useProducto(id);
  return (
    <RecordScreen
      query={producto}
      title={t.titulo}
      back={{ to: PRODUCTOS_PATH, label: t.volver }}
      notFound={t.noEncontrado}
    >
      {(record) => <ProductoForm id={id} nombre={record.nombre} initial={toFormValues(record)} />}
    </RecordScreen>
  );
}

interface ProductoFormProps {
  id?: number;
  nombre?: string;
  initial: ProductoInput;
}

function ProductoForm({ id, nombre, initial }: ProductoFormProps) {
  const navigate = useNavigate();
  const guardar = useGuardarProducto(id);
  const recordForm = useRecordForm({
    schema: productoInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved: Producto) => {
      notifications.show({ color: 'green', title: t.guardado, message: t.guardadoTexto(saved.nombre) });
      return navigate(`${PRODUCTOS_PATH}/${saved.id}`);
    },
  });
  const { control } = recordForm.form;
  const volver = id === undefined ? PRODUCTOS_PATH : `${PRODUCTOS_PATH}/${id}`;
  const titulo = id === undefined ? t.formNuevo : t.formEditar(nombre ?? '');

  return (
    <RecordFormScreen
      title={titulo}
      back={{ to: volver, label: id === undefined ? t.volver : t.volverAlProducto }}
      cancelTo={volver}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField
          control={control}
          name="codigo"
          label={t.campos.codigo}
          description={t.codigoAyuda}
          withAsterisk
          autoFocus
          maxLength={30}
        />
        <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk maxLength={120} />
        <TextField control={control} name="linea" label={t.campos.linea} maxLength={80} />
        <SelectField control={control} name="tipo" label={t.campos.tipo} withAsterisk data={tipoOptions} />
        <TextField
          control={control}
          name="responsable"
          label={t.campos.responsable}
          description={t.responsableAyuda}
          maxLength={120}
        />
        <SwitchField control={control} name="activo" label={t.campos.activo} mt={{ base: 0, sm: 30 }} />
      </SimpleGrid>
      <RichTextField control={control} name="descripcion" label={t.campos.descripcion} />
    </RecordFormScreen>
  );
}
