import { Group, Paper } from '@mantine/core';
import { useParams } from 'react-router';
import type { ServidorDetalle } from '@intranet/contract/areas/servidores';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { EditButton } from '../../components/EditButton.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { ServidorDnsTab } from './dns/ServidorDnsTab.tsx';
import { useEliminarServidor, useServidor } from './api.ts';
import { EstadoBadge } from './EstadoBadge.tsx';
import { servidoresMessages as t } from './messages.ts';

/** `/servidores/:id`: the server's data, its DNS entries (edited in place) and its history, as tabs. */
export function ServidorDetail() {
  const id = Number(useParams().id);
  const servidor = useServidor(id);
  return (
    <RecordScreen
      query={servidor}
      title={t.titulo}
      back={{ to: '/servidores', label: t.volver }}
      notFound={t.noEncontrado}
    >
      {(record) => <ServidorView servidor={record} />}
    </RecordScreen>
  );
}

function ServidorView({ servidor }: { servidor: ServidorDetalle }) {
  const puedeEditar = usePermiso('SER#EDITAR');
  const eliminar = useEliminarServidor();
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
              <EditButton to={`/servidores/${servidor.id}/editar`}>{t.editar}</EditButton>
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
      <RecordTabs
        tabs={[
          {
            value: 'datos',
            label: t.tabs.datos,
            panel: (
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
            ),
          },
          {
            value: 'dns',
            label: `${t.tabs.dns} (${dnsCount})`,
            panel: <ServidorDnsTab servidor={servidor} />,
          },
          {
            value: 'historial',
            label: t.tabs.historial,
            panel: (
              <HistoryTab entidad="servidor" id={servidor.id} labels={t.campos} valueLabels={{ estado: t.estados }} />
            ),
          },
        ]}
      />
    </>
  );
}
