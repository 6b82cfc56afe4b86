import { Button, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { PRODUCTO_TIPOS, productoInput, type Producto, type ProductoInput } from '@intranet/contract/productos';
import { emptyDocument } from '@intranet/editor';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { FormError } from '../../../components/form/FormError.tsx';
import { RichTextField } from '../../../components/form/RichTextField.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { SwitchField } from '../../../components/form/SwitchField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { formMessages } from '../../../components/messages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RecordScreen } from '../../../components/RecordScreen.tsx';
import { useDirtyGuard } from '../../../components/useDirtyGuard.ts';
import { useGuardarProducto, useProducto, type ProductoValues } from './api.ts';
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
    <RecordScreen query={producto} title={t.titulo} back={{ to: PRODUCTOS_PATH, label: t.volver }} notFound={t.noEncontrado}>
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
  const form = useForm<ProductoInput, unknown, ProductoValues>({ resolver: contractResolver(productoInput), defaultValues: initial, mode: 'onTouched' });
  const { control, formState } = form;
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const guardar = useGuardarProducto(id);
  const { allowLeave } = useDirtyGuard(formState.isDirty && !guardar.isSuccess);
  const volver = id === undefined ? PRODUCTOS_PATH : `${PRODUCTOS_PATH}/${id}`;
  const titulo = id === undefined ? t.formNuevo : t.formEditar(nombre ?? '');

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const saved = await guardar.mutateAsync(values);
      notifications.show({ color: 'green', title: t.guardado, message: t.guardadoTexto(saved.nombre) });
      allowLeave();
      await navigate(`${PRODUCTOS_PATH}/${saved.id}`);
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <>
      <PageHeader title={titulo} back={{ to: volver, label: id === undefined ? t.volver : t.volverAlProducto }} />
      <Paper withBorder p="lg" radius="md" maw={960}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={titulo}>
          <Stack gap="md">
            <FormError message={formError} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField control={control} name="codigo" label={t.campos.codigo} description={t.codigoAyuda} withAsterisk autoFocus maxLength={30} />
              <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk maxLength={120} />
              <TextField control={control} name="linea" label={t.campos.linea} maxLength={80} />
              <SelectField control={control} name="tipo" label={t.campos.tipo} withAsterisk data={tipoOptions} />
              <TextField control={control} name="responsable" label={t.campos.responsable} description={t.responsableAyuda} maxLength={120} />
              <SwitchField control={control} name="activo" label={t.campos.activo} mt={{ base: 0, sm: 30 }} />
            </SimpleGrid>
            <RichTextField control={control} name="descripcion" label={t.campos.descripcion} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void navigate(volver)}>
                {formMessages.cancelar}
              </Button>
              <Button type="submit" loading={formState.isSubmitting}>
                {formMessages.guardar}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
