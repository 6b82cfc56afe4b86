import { Alert, Anchor, Badge, Button, Group, Paper, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { DnsDetalle } from '@intranet/contract/areas/servidores/dns';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { DetailGrid } from '../../../components/DetailGrid.tsx';
import { EditButton } from '../../../components/EditButton.tsx';
import { HistoryTab } from '../../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RecordScreen } from '../../../components/RecordScreen.tsx';
import { RecordTabs } from '../../../components/RecordTabs.tsx';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useDnsEntry, useEliminarDns, useResolverDns } from './api.ts';
import { Direcciones } from './Direcciones.tsx';
import { ResolucionAlert } from './DnsEntryCard.tsx';
import { dnsMessages as t } from './messages.ts';

/** `/dns/:id`: one DNS entry's data, its addresses and its history, as tabs. */
export function DnsDetail() {
  const id = Number(useParams().id);
  const entry = useDnsEntry(id);
  return (
    <RecordScreen query={entry} title={t.titulo} back={{ to: '/dns', label: t.volver }} notFound={t.noEncontrada}>
      {(record) => <DnsView entry={record} />}
    </RecordScreen>
  );
}

function DnsView({ entry }: { entry: DnsDetalle }) {
  const puedeEditar = usePermiso('SERDNS#EDITAR');
  const eliminar = useEliminarDns();
  const resolver = useResolverDns();

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {entry.host}
            <Badge variant="outline">{entry.tipo}</Badge>
            <Badge variant="light" color={entry.activo ? 'green' : 'gray'}>
              {entry.activo ? t.activa : t.inactiva}
            </Badge>
          </Group>
        }
        back={{ to: '/dns', label: t.volver }}
        actions={
          <>
            <Button variant="default" loading={resolver.isPending} onClick={() => resolver.mutate(entry.id)}>
              {t.resolverAhora}
            </Button>
            {puedeEditar && (
              <>
                <EditButton to={`/dns/${entry.id}/editar`}>{t.editar}</EditButton>
                <DeleteAction
                  label={t.eliminar}
                  confirm={{
                    title: t.eliminarEntradaTitulo,
                    message: t.eliminarEntradaTexto(entry.host, entry.direcciones.length),
                  }}
                  run={() => eliminar.mutateAsync(entry.id)}
                  done={{ title: t.entradaEliminada, message: entry.host, to: '/dns' }}
                  errorTitle={t.errorEliminar}
                />
              </>
            )}
          </>
        }
      />
      <Stack gap="md">
        {resolver.data && <ResolucionAlert resolucion={resolver.data} />}
        {resolver.error && (
          <Alert color="red" role="status" title={t.errorAccion}>
            {resolver.error.message}
          </Alert>
        )}
        <RecordTabs
          tabs={[
            {
              value: 'datos',
              label: t.tabs.datos,
              panel: (
                <Paper withBorder radius="md" p="lg">
                  <DetailGrid
                    items={[
                      { label: t.campos.host, value: entry.host },
                      {
                        label: t.campos.servidor,
                        value: (
                          <Anchor
                            component={Link}
                            to={`/servidores/${entry.servidor_id}`}
                            aria-label={t.verServidor(entry.servidor_nombre)}
                          >
                            {entry.servidor_nombre}
                          </Anchor>
                        ),
                      },
                      { label: t.campos.tipo, value: entry.tipo },
                      { label: t.campos.ttl, value: entry.ttl },
                      { label: t.campos.activo, value: entry.activo ? t.si : t.no },
                      { label: t.campos.direcciones_count, value: entry.direcciones.length },
                    ]}
                  />
                </Paper>
              ),
            },
            {
              value: 'direcciones',
              label: `${t.tabs.direcciones} (${entry.direcciones.length})`,
              panel: (
                <Direcciones
                  dnsId={entry.id}
                  dnsHost={entry.host}
                  direcciones={entry.direcciones}
                  puedeEditar={puedeEditar}
                />
              ),
            },
            {
              value: 'historial',
              label: t.tabs.historial,
              sinImprimir: true,
              panel: <HistoryTab entidad="dns" id={entry.id} labels={t.campos} />,
            },
          ]}
        />
      </Stack>
    </>
  );
}
