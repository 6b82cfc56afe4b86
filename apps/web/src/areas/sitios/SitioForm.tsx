import { SimpleGrid, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { SITIO_ESTADOS, sitioInput, type Sitio, type SitioInput } from '@intranet/contract/areas/sitios';
import { ClienteSelect } from '../../components/EntitySelect/ClienteSelect.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { RecordFormScreen, useRecordForm } from '../../components/form/RecordForm.tsx';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { DateField } from '../../components/form/DateField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { useGuardarSitio, useSitio, useSitioOpciones, type SitioValues } from './api.ts';
import { sitiosMessages as t } from './messages.ts';
import { SITIOS_PATH } from './SitiosList.tsx';

const empty = (): SitioInput => ({
  nombre: '',
  url: 'https://',
  empresa_id: null,
  servidor_id: null,
  dns_id: null,
  estado: 'activo',
  ssl_vence: '',
  ssl_emisor: '',
  dominio_vence: '',
  registrador: '',
  notas: '',
});

/** The form's values for a stored site: nulls become empty boxes. */
function toFormValues(s: Sitio): SitioInput {
  return {
    nombre: s.nombre,
    url: s.url,
    empresa_id: s.empresa_id,
    servidor_id: s.servidor_id,
    dns_id: s.dns_id,
    estado: s.estado,
    ssl_vence: s.ssl_vence ?? '',
    ssl_emisor: s.ssl_emisor ?? '',
    dominio_vence: s.dominio_vence ?? '',
    registrador: s.registrador ?? '',
    notas: s.notas ?? '',
  };
}

const estadoOptions = SITIO_ESTADOS.map((e) => ({ value: e, label: t.estados[e] }));

/** `/soluciones/web/nuevo` */
export function SitioNuevo() {
  return <SitioForm initial={empty()} />;
}

/** `/soluciones/web/:id/editar`: the form once the site has loaded. */
export function SitioEditar() {
  const id = Number(useParams().id);
  const sitio = useSitio(id);
  return (
    <RecordScreen query={sitio} title={t.titulo} back={{ to: SITIOS_PATH, label: t.volver }} notFound={t.noEncontrado}>
      {(record) => <SitioForm id={id} nombre={record.nombre} initial={toFormValues(record)} />}
    </RecordScreen>
  );
}

/**
 * Server and DNS entry: the entries offered are the chosen server's (all, grouped by server, while none is
 * chosen); choosing an entry chooses its server, and changing the server drops an entry of another one.
 */
function ServidorDns({
  control,
  setValue,
}: {
  control: Control<SitioInput, unknown, SitioValues>;
  setValue: UseFormSetValue<SitioInput>;
}) {
  const opciones = useSitioOpciones();
  const servidores = opciones.data?.servidores ?? [];
  const [servidorId, dnsId] = useWatch({ control, name: ['servidor_id', 'dns_id'] });
  const servidorDeDns = (id: number) => servidores.find((s) => s.dnss.some((d) => d.id === id));
  const deServidor = servidores.find((s) => s.id === servidorId);
  const dnsData = deServidor
    ? deServidor.dnss.map((d) => ({ value: String(d.id), label: d.host }))
    : servidores
        .filter((s) => s.dnss.length > 0)
        .map((s) => ({ group: s.nombre, items: s.dnss.map((d) => ({ value: String(d.id), label: d.host })) }));

  return (
    <>
      <SelectField
        control={control}
        name="servidor_id"
        label={t.campos.servidor}
        description={t.servidorAyuda}
        numeric
        clearable
        allowDeselect
        searchable
        data={servidores.map((s) => ({ value: String(s.id), label: s.nombre }))}
        onOptionSubmit={(value) => {
          if (typeof dnsId === 'number' && servidorDeDns(dnsId)?.id !== Number(value))
            setValue('dns_id', null, { shouldDirty: true });
        }}
      />
      <SelectField
        control={control}
        name="dns_id"
        label={t.campos.dns}
        description={t.dnsAyuda}
        numeric
        clearable
        allowDeselect
        searchable
        data={dnsData}
        onOptionSubmit={(value) => {
          const servidor = servidorDeDns(Number(value));
          if (servidor && servidorId !== servidor.id) setValue('servidor_id', servidor.id, { shouldDirty: true });
        }}
      />
    </>
  );
}

interface SitioFormProps {
  id?: number;
  nombre?: string;
  initial: SitioInput;
}

function SitioForm({ id, nombre, initial }: SitioFormProps) {
  const navigate = useNavigate();
  const guardar = useGuardarSitio(id);
  const recordForm = useRecordForm({
    schema: sitioInput,
    initial,
    save: guardar.mutateAsync,
    onSaved: (saved: Sitio) => {
      notifications.show({ color: 'green', title: t.guardado, message: t.guardadoTexto(saved.nombre) });
      return navigate(`${SITIOS_PATH}/${saved.id}`);
    },
  });
  const { form } = recordForm;
  const { control } = form;
  const volver = id === undefined ? SITIOS_PATH : `${SITIOS_PATH}/${id}`;
  const titulo = id === undefined ? t.formNuevo : t.formEditar(nombre ?? '');

  return (
    <RecordFormScreen
      title={titulo}
      back={{ to: volver, label: id === undefined ? t.volver : t.volverAlSitio }}
      cancelTo={volver}
      recordForm={recordForm}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="nombre" label={t.campos.nombre} withAsterisk autoFocus maxLength={120} />
        <TextField
          control={control}
          name="url"
          label={t.campos.url}
          description={t.urlAyuda}
          withAsterisk
          maxLength={500}
        />
        <ClienteSelect control={control} name="empresa_id" label={t.campos.cliente} description={t.clienteAyuda} />
        <SelectField control={control} name="estado" label={t.campos.estado} withAsterisk data={estadoOptions} />
        <ServidorDns control={control} setValue={form.setValue} />
      </SimpleGrid>
      <Title order={2} size="h5" mt="xs">
        {t.vencimientos}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateField control={control} name="ssl_vence" label={t.campos.ssl_vence} description={t.sslAyuda} />
        <TextField control={control} name="ssl_emisor" label={t.campos.ssl_emisor} maxLength={200} />
        <DateField control={control} name="dominio_vence" label={t.campos.dominio_vence} />
        <TextField control={control} name="registrador" label={t.campos.registrador} maxLength={120} />
      </SimpleGrid>
      <TextareaField control={control} name="notas" label={t.campos.notas} maxLength={5000} />
    </RecordFormScreen>
  );
}
