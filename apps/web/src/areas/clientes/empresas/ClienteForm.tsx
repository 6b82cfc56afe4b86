import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import {
  CONDICIONES_IVA,
  clienteInput,
  formatCuit,
  PROVINCIAS,
  type Cliente,
  type ClienteInput,
} from '@intranet/contract/areas/clientes';
import { emptyDocument } from '@intranet/editor';
import { nombreCompleto, PersonaSelect } from '../../../components/EntitySelect/PersonaSelect.tsx';
import { RichTextField } from '../../../components/form/RichTextField.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { RecordFormScreen, useRecordForm } from '../../../components/form/RecordForm.tsx';
import { SwitchField } from '../../../components/form/SwitchField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { RecordScreen } from '../../../components/RecordScreen.tsx';
import { useCliente, useGuardarCliente } from './api.ts';
import { CLIENTES_PATH, clientePath } from './ClientesList.tsx';
import { clientesMessages as t } from './messages.ts';

const empty = (): ClienteInput => ({
  razon_social: '',
  nombre_fantasia: '',
  cuit: '',
  condicion_iva: 'responsable_inscripto',
  email: '',
  telefono: '',
  domicilio: '',
  localidad: '',
  provincia: null,
  activo: true,
  contacto_id: null,
  notas: emptyDocument(),
});

function toFormValues(e: Cliente): ClienteInput {
  return {
    razon_social: e.razon_social,
    nombre_fantasia: e.nombre_fantasia ?? '',
    cuit: formatCuit(e.cuit),
    condicion_iva: e.condicion_iva,
    email: e.email ?? '',
    telefono: e.telefono ?? '',
    domicilio: e.domicilio ?? '',
    localidad: e.localidad ?? '',
    provincia: (PROVINCIAS as readonly string[]).includes(e.provincia ?? '')
      ? (e.provincia as ClienteInput['provincia'])
      : null,
    activo: e.activo,
    contacto_id: e.contacto_id,
    notas: e.notas,
  };
}

const ivaOptions = CONDICIONES_IVA.map((c) => ({ value: c, label: t.condicionesIva[c] }));
const provinciaOptions = PROVINCIAS.map((p) => ({ value: p, label: p }));

/** `/clientes/nuevo` */
export function ClienteNuevo() {
  return <ClienteForm initial={empty()} />;
}

/** `/clientes/:id/editar` */
export function ClienteEditar() {
  const id = Number(useParams().id);
  const cliente = useCliente(id);
  return (
    <RecordScreen
      query={cliente}
      title={t.titulo}
      back={{ to: CLIENTES_PATH, label: t.volver }}
      notFound={t.noEncontrado}
    >
      {(record) => <ClienteForm id={id} nombre={record.razon_social} initial={toFormValues(record)} />}
    </RecordScreen>
  );
}

function ClienteForm({ id, nombre, initial }: { id?: number; nombre?: string; initial: ClienteInput }) {
  const navigate = useNavigate();
  const guardar = useGuardarCliente(id);
  const recordForm = useRecordForm({
    schema: clienteInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved) => {
      notifications.show({ color: 'green', title: t.guardado, message: saved.razon_social });
      return navigate(clientePath(saved.id));
    },
  });
  const { control } = recordForm.form;
  const volver = id === undefined ? CLIENTES_PATH : clientePath(id);
  const titulo = id === undefined ? t.formNuevo : t.formEditar(nombre ?? '');

  return (
    <RecordFormScreen
      title={titulo}
      back={{ to: volver, label: id === undefined ? t.volver : t.volverAlCliente }}
      cancelTo={volver}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField
          control={control}
          name="razon_social"
          label={t.campos.razon_social}
          withAsterisk
          autoFocus
          maxLength={200}
        />
        <TextField control={control} name="nombre_fantasia" label={t.campos.nombre_fantasia} maxLength={200} />
        <TextField
          control={control}
          name="cuit"
          label={t.campos.cuit}
          description={t.cuitAyuda}
          withAsterisk
          placeholder="30-12345678-9"
          maxLength={13}
        />
        <SelectField
          control={control}
          name="condicion_iva"
          label={t.campos.condicion_iva}
          withAsterisk
          data={ivaOptions}
        />
        <TextField control={control} name="email" label={t.campos.email} type="email" maxLength={200} />
        <TextField control={control} name="telefono" label={t.campos.telefono} maxLength={50} />
        <TextField control={control} name="domicilio" label={t.campos.domicilio} maxLength={200} />
        <TextField control={control} name="localidad" label={t.campos.localidad} maxLength={100} />
        <SelectField
          control={control}
          name="provincia"
          label={t.campos.provincia}
          data={provinciaOptions}
          searchable
          clearable
        />
        <PersonaSelect
          control={control}
          name="contacto_id"
          label={t.campos.contacto_id}
          placeholder={t.buscarContacto}
          optionLabel={nombreCompleto}
        />
        <SwitchField control={control} name="activo" label={t.campos.activo} />
      </SimpleGrid>
      <RichTextField control={control} name="notas" label={t.campos.notas} />
    </RecordFormScreen>
  );
}
