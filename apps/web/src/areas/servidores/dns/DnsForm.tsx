import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { dnsInput, type DnsDetalle, type DnsInput } from '@intranet/contract/areas/servidores/dns';
import { RecordFormScreen, useRecordForm } from '../../../components/form/RecordForm.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { RecordScreen } from '../../../components/RecordScreen.tsx';
import { useDnsEntry, useGuardarDns, useServidoresOpciones } from './api.ts';
import { DnsCampos } from './DnsEntryForm.tsx';
import { dnsMessages as t } from './messages.ts';

const EMPTY: Partial<DnsInput> = { host: '', tipo: 'A', ttl: 3600, activo: true };

/** `/dns/nueva`: a new entry, its server chosen here (in a server's DNS tab it is that server). */
export function DnsNueva() {
  return <DnsForm initial={EMPTY} />;
}

/** `/dns/:id/editar`: the form once the entry has loaded. */
export function DnsEditar() {
  const id = Number(useParams().id);
  const entry = useDnsEntry(id);
  return (
    <RecordScreen query={entry} title={t.titulo} back={{ to: '/dns', label: t.volver }} notFound={t.noEncontrada}>
      {(record) => (
        <DnsForm
          entry={record}
          initial={{
            servidor_id: record.servidor_id,
            host: record.host,
            tipo: record.tipo,
            ttl: record.ttl,
            activo: record.activo,
          }}
        />
      )}
    </RecordScreen>
  );
}

function DnsForm({ entry, initial }: { entry?: DnsDetalle; initial: Partial<DnsInput> }) {
  const navigate = useNavigate();
  const guardar = useGuardarDns();
  const servidores = useServidoresOpciones();
  const recordForm = useRecordForm({
    schema: dnsInput,
    initial,
    save: (values) => guardar.mutateAsync({ id: entry?.id, values }),
    onSaved: (saved) => {
      notifications.show({ color: 'green', title: t.entradaGuardada, message: saved.host });
      return navigate(`/dns/${saved.id}`);
    },
  });
  // The entry's own server is offered even when the servers list cannot be read (a DNS-only user lacks SER#VER).
  const opciones = (servidores.data ?? []).map((s) => ({ value: String(s.id), label: s.nombre }));
  if (entry && !opciones.some((o) => o.value === String(entry.servidor_id)))
    opciones.unshift({ value: String(entry.servidor_id), label: entry.servidor_nombre });
  const volver = entry ? `/dns/${entry.id}` : '/dns';

  return (
    <RecordFormScreen
      title={entry ? t.editarEntrada(entry.host) : t.nuevaEntrada}
      back={{ to: volver, label: entry ? t.volverAEntrada : t.volver }}
      cancelTo={volver}
      recordForm={recordForm}
    >
      <Stack gap="md">
        <SelectField
          control={recordForm.form.control}
          name="servidor_id"
          label={t.campos.servidor}
          withAsterisk
          numeric
          searchable
          data={opciones}
          maw={400}
          autoFocus={entry === undefined}
        />
        <DnsCampos control={recordForm.form.control} autoFocus={entry !== undefined} />
      </Stack>
    </RecordFormScreen>
  );
}
