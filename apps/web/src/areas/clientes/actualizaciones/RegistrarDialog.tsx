import { SimpleGrid, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  ACTUALIZACION_RESULTADOS,
  actualizacionInput,
  RESULTADO_ETIQUETA,
} from '@intranet/contract/areas/clientes/actualizaciones';
import { ClienteSelect } from '../../../components/EntitySelect/ClienteSelect.tsx';
import { PersonaSelect } from '../../../components/EntitySelect/PersonaSelect.tsx';
import { useProductoOpciones } from '../../../components/EntitySelect/useProductoOpciones.ts';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../../components/formDialog.tsx';
import { FormError } from '../../../components/form/FormError.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { TextareaField } from '../../../components/form/TextareaField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useActualizacionOpciones, useRegistrarActualizacion } from './api.ts';
import { actualizacionesMessages as t } from './messages.ts';
import { FormActions } from '../../../components/form/FormActions.tsx';

const MODAL_ID = 'actualizacion-registrar';

/** The contract's payload, with the date typed in a local date-time field and the client to pick servers from. */
const registrarForm = z
  .object({
    ...actualizacionInput.shape,
    empresa_id: z.number({ error: 'Elija un cliente' }).int().positive('Elija un cliente'),
    fecha: z
      .string({ error: 'Este campo es requerido' })
      .min(1, 'Este campo es requerido')
      .refine((v) => dayjs(v).isValid(), 'Fecha inválida')
      .transform((v) => dayjs(v).format()),
  })
  .strict();
type RegistrarInput = z.input<typeof registrarForm>;
type RegistrarValues = z.output<typeof registrarForm>;

function RegistrarForm({ clienteId, servidorId }: { clienteId?: number | undefined; servidorId?: number | undefined }) {
  const form = useForm<RegistrarInput, unknown, RegistrarValues>({
    resolver: contractResolver(registrarForm),
    defaultValues: {
      empresa_id: clienteId,
      servidor_id: servidorId,
      fecha: dayjs().format('YYYY-MM-DDTHH:mm'),
      resultado: 'ok',
      version_desde_id: null,
      persona_id: null,
      paquete_id: null,
      log: '',
    },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(MODAL_ID, form.formState.isDirty);
  const { formError, onServerError, clearFormError } = useServerErrors(form, Object.keys(registrarForm.shape));
  const cliente = useWatch({ control: form.control, name: 'empresa_id' });
  const productoId = useWatch({ control: form.control, name: 'producto_id' });
  const opciones = useActualizacionOpciones(typeof cliente === 'number' ? cliente : null);
  const productos = useProductoOpciones();
  const versionesProducto = (opciones.data?.versiones ?? []).filter((v) => v.producto_id === productoId);
  const versiones = versionesProducto.map((v) => ({
    value: String(v.id),
    label: v.estado === 'retirada' ? `${v.numero} (retirada)` : v.numero,
  }));
  const versionHastaId = useWatch({ control: form.control, name: 'version_hasta_id' });
  const productoNombre = productos.data?.find((p) => p.id === productoId)?.nombre;
  const paquetes = paquetesDe(
    opciones.data?.paquetes ?? [],
    productoNombre,
    versionesProducto.find((v) => v.id === versionHastaId)?.numero,
  );
  const registrar = useRegistrarActualizacion();
  const submit = form.handleSubmit(async ({ empresa_id: _cliente, ...values }) => {
    clearFormError();
    try {
      const a = await registrar.mutateAsync(values);
      modals.close(MODAL_ID);
      notifications.show({
        color: 'green',
        title: t.registrada,
        message: t.registradaTexto(a.servidor, a.version_hasta),
      });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.registrarTitulo}>
      <Stack gap="sm">
        {sinGuardar}
        <FormError message={formError} />
        {clienteId === undefined && (
          <ClienteSelect
            control={form.control}
            name="empresa_id"
            label={t.campos.cliente}
            withAsterisk
            data-autofocus
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SelectField
            control={form.control}
            name="servidor_id"
            label={t.campos.servidor}
            withAsterisk
            numeric
            placeholder={typeof cliente === 'number' ? undefined : t.elegirCliente}
            data={(opciones.data?.servidores ?? []).map((s) => ({
              value: String(s.id),
              label: s.version_physis ? `${s.nombre} (${s.version_physis})` : s.nombre,
            }))}
            comboboxProps={{ withinPortal: true }}
          />
          <SelectField
            control={form.control}
            name="producto_id"
            label={t.campos.producto}
            withAsterisk
            numeric
            searchable
            data={(productos.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
            comboboxProps={{ withinPortal: true }}
          />
          <SelectField
            control={form.control}
            name="version_desde_id"
            label={t.campos.version_desde}
            numeric
            clearable
            allowDeselect
            placeholder={t.versionDesdeAuto}
            data={versiones}
            comboboxProps={{ withinPortal: true }}
          />
          <SelectField
            control={form.control}
            name="version_hasta_id"
            label={t.campos.version_hasta}
            withAsterisk
            numeric
            data={versiones}
            comboboxProps={{ withinPortal: true }}
          />
          <TextField control={form.control} name="fecha" label={t.campos.fecha} type="datetime-local" withAsterisk />
          <SelectField
            control={form.control}
            name="resultado"
            label={t.campos.resultado}
            withAsterisk
            data={ACTUALIZACION_RESULTADOS.map((r) => ({ value: r, label: RESULTADO_ETIQUETA[r] }))}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SelectField
            control={form.control}
            name="paquete_id"
            label={t.campos.paquete}
            numeric
            clearable
            allowDeselect
            searchable
            placeholder={productoNombre ? t.paqueteOpcional : t.elegirProducto}
            nothingFoundMessage={t.sinPaquetes}
            data={paquetes}
            comboboxProps={{ withinPortal: true }}
          />
          <PersonaSelect control={form.control} name="persona_id" label={t.campos.persona} />
        </SimpleGrid>
        <TextareaField control={form.control} name="log" label={t.campos.log} autosize minRows={3} maxRows={10} />
        <FormActions
          onCancel={() => void closeFormDialog(MODAL_ID)}
          submitting={form.formState.isSubmitting}
          label={t.registrar}
        />
      </Stack>
    </form>
  );
}

type PaqueteOpcion = {
  id: number;
  nombre: string;
  producto: string | null;
  version: string | null;
  canal: string | null;
};

/** The chosen product's packages, those of the version installed first; all of them while no product is chosen. */
export function paquetesDe(paquetes: PaqueteOpcion[], producto: string | undefined, version: string | undefined) {
  const mismo = (a: string | null, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
  const delProducto = producto ? paquetes.filter((p) => mismo(p.producto, producto)) : paquetes;
  const primero = version
    ? [
        ...delProducto.filter((p) => mismo(p.version, version)),
        ...delProducto.filter((p) => !mismo(p.version, version)),
      ]
    : delProducto;
  return primero.map((p) => ({
    value: String(p.id),
    label: [p.nombre, p.version, p.canal && `(${p.canal})`].filter(Boolean).join(' · '),
  }));
}

export const abrirRegistrar = (opts: { clienteId?: number; servidorId?: number } = {}) =>
  openFormDialog({
    modalId: MODAL_ID,
    title: t.registrarTitulo,
    size: 'lg',
    children: <RegistrarForm clienteId={opts.clienteId} servidorId={opts.servidorId} />,
  });
