import { Button, Group, Paper, Tabs } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { ServidorDetalle } from '@intranet/contract/servidores';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useUrlTab } from '../../components/useUrlTab.ts';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { ServidorDnsTab } from './dns/ServidorDnsTab.tsx';
import { useEliminarServidor, useServidor } from './api.ts';
import { EstadoBadge } from './EstadoBadge.tsx';
import { servidoresMessages as t } from './messages.ts';

const TABS = ['datos', 'dns', 'historial'] as const;
type Tab = (typeof TABS)[number];

/** `/servidores/:id`: the server's data, its DNS entries (edited in place) and its history, as tabs. */
export function ServidorDetail() {
  const id = Number(useParams().id);
  const servidor = useServidor(id);
  return (
    <RecordScreen query={servidor} title={t.titulo} back={{ to: '/servidores', label: t.volver }} notFound={t.noEncontrado}>
      {(record) => <ServidorView servidor={record} />}
    </RecordScreen>
  );
}

function ServidorView({ servidor }: { servidor: ServidorDetalle }) {
  const puedeEditar = usePermiso('SER#EDITAR');
  const eliminar = useEliminarServidor();
  // The tab is in the URL, so a link can open a server straight on its DNS entries.
  const [tab, setTab] = useUrlTab(TABS);
  const dnsCount = servidor.dns_entries.length;

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {servidor.nombre}
            <EstadoBadge estado={servidor.estado} />
          </Group>
        }
        back={{ to: '/servidores', label: t.volver }}
        actions={
          puedeEditar && (
            <>
              <Button component={Link} to={`/servidores/${servidor.id}/editar`} variant="default" leftSection={<IconEdit size={16} />}>
                {t.editar}
              </Button>
              <DeleteAction
                label={t.eliminar}
                confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(servidor.nombre, dnsCount) }}
                run={() => eliminar.mutateAsync({ id: servidor.id, cascada: dnsCount > 0 })}
                done={{ title: t.eliminado, message: servidor.nombre, to: '/servidores' }}
                errorTitle={t.errorEliminar}
              />
            </>
          )
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="datos">{t.tabs.datos}</Tabs.Tab>
          <Tabs.Tab value="dns">
            {t.tabs.dns} ({dnsCount})
          </Tabs.Tab>
          <Tabs.Tab value="historial">{t.tabs.historial}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="datos">
          <Paper withBorder radius="md" p="lg">
            <DetailGrid
              items={[
                { label: t.campos.nombre, value: servidor.nombre },
                { label: t.campos.hostname, value: servidor.hostname },
                { label: t.campos.estado, value: t.estados[servidor.estado] },
                { label: t.campos.ip_publica, value: servidor.ip_publica },
                { label: t.campos.ip_privada, value: servidor.ip_privada },
                { label: t.campos.proveedor, value: servidor.proveedor },
                { label: t.campos.rol, value: servidor.rol },
                { label: t.campos.so, value: servidor.so },
                { label: t.campos.dnss, value: servidor.dnss.map((dns) => dns.host).join(', ') },
                { label: t.campos.creado, value: formatFechaHora(servidor.creado) },
                { label: t.campos.actualizado, value: formatFechaHora(servidor.actualizado) },
                { label: t.campos.notas, value: servidor.notas, wide: true },
              ]}
            />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="dns">
          <ServidorDnsTab servidor={servidor} />
        </Tabs.Panel>
        <Tabs.Panel value="historial">
          <HistoryTab entidad="servidor" id={servidor.id} labels={t.campos} valueLabels={{ estado: t.estados }} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
