import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatCuit, type Cliente } from '@intranet/contract/areas/clientes';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { DetailGrid } from '../../../components/DetailGrid.tsx';
import { EditButton } from '../../../components/EditButton.tsx';
import { HistoryTab } from '../../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RecordScreen } from '../../../components/RecordScreen.tsx';
import { ImprimirButton } from '../../../components/Imprimir.tsx';
import { RecordTabs } from '../../../components/RecordTabs.tsx';
import { RichTextCard } from '../../../components/RichTextView.tsx';
import { formatFecha, formatFechaHora } from '../../../core/format.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useEliminarCliente, useCliente } from './api.ts';
import { abrirCopiarParametros } from './CopiarParametros.tsx';
import { CLIENTES_PATH, clientePath } from './ClientesList.tsx';
import { clientesMessages as t } from './messages.ts';
import { ParametrosGrid } from './ParametrosGrid.tsx';
import { ServidoresTab } from './ServidoresTab.tsx';
import { ActualizacionesTab } from './tabs/ActualizacionesTab.tsx';
import { ContactosTab } from './tabs/ContactosTab.tsx';
import { VencimientosTab } from './tabs/VencimientosTab.tsx';
import { VencimientoBadge } from './VencimientoBadge.tsx';

/**
 * `/clientes/:id`: the client with its tabs Datos · Servidores · Parámetros · Vencimientos · Actualizaciones ·
 * Contactos · Historial.
 */
export function ClienteDetail() {
  const id = Number(useParams().id);
  const cliente = useCliente(id);
  return (
    <RecordScreen
      query={cliente}
      title={t.titulo}
      back={{ to: CLIENTES_PATH, label: t.volver }}
      notFound={t.noEncontrado}
    >
      {(record) => <ClienteView cliente={record} />}
    </RecordScreen>
  );
}

function ClienteView({ cliente: e }: { cliente: Cliente }) {
  const puedeEditar = usePermiso('CLIENTES#EDITAR');
  const eliminar = useEliminarCliente();

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {e.razon_social}
            <Text component="span" c="dimmed" ff="monospace" size="lg">
              {formatCuit(e.cuit)}
            </Text>
            {!e.activo && (
              <Badge variant="light" color="gray">
                {t.inactivo}
              </Badge>
            )}
          </Group>
        }
        back={{ to: CLIENTES_PATH, label: t.volver }}
        actions={
          <>
            <ImprimirButton todo />
            {puedeEditar && (
              <>
                <EditButton to={`${clientePath(e.id)}/editar`}>{t.editar}</EditButton>
                <DeleteAction
                  label={t.eliminar}
                  confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(e.razon_social) }}
                  run={() => eliminar.mutateAsync(e.id)}
                  done={{ title: t.eliminado, message: e.razon_social, to: CLIENTES_PATH }}
                  errorTitle={t.errorEliminar}
                />
              </>
            )}
          </>
        }
      />
      <RecordTabs
        tabs={[
          {
            value: 'datos',
            label: t.tabs.datos,
            panel: (
              <Stack gap="md">
                <Paper withBorder radius="md" p="lg">
                  <DetailGrid
                    items={[
                      { label: t.campos.razon_social, value: e.razon_social },
                      { label: t.campos.nombre_fantasia, value: e.nombre_fantasia },
                      { label: t.campos.cuit, value: formatCuit(e.cuit) },
                      { label: t.campos.condicion_iva, value: t.condicionesIva[e.condicion_iva] },
                      { label: t.campos.email, value: e.email },
                      { label: t.campos.telefono, value: e.telefono },
                      { label: t.campos.domicilio, value: e.domicilio },
                      { label: t.campos.localidad, value: e.localidad },
                      { label: t.campos.provincia, value: e.provincia },
                      { label: t.campos.contacto_id, value: e.contacto_nombre },
                      { label: t.campos.version_physis, value: e.version_physis },
                      {
                        label: t.campos.proximo_vencimiento,
                        value: e.proximo_vencimiento ? (
                          <VencimientoBadge vencimiento={e.proximo_vencimiento} />
                        ) : (
                          t.sinVencimientos
                        ),
                      },
                      { label: t.campos.fecha_alta, value: formatFecha(e.fecha_alta) },
                      { label: t.campos.activo, value: e.activo ? t.si : t.no },
                      { label: t.campos.actualizado, value: formatFechaHora(e.actualizado) },
                    ]}
                  />
                </Paper>
                <RichTextCard value={e.notas} label={t.campos.notas} emptyText="—" />
              </Stack>
            ),
          },
          {
            value: 'servidores',
            label: `${t.tabs.servidores}${e.servidores_count > 0 ? ` (${e.servidores_count})` : ''}`,
            panel: <ServidoresTab clienteId={e.id} puedeEditar={puedeEditar} />,
          },
          {
            value: 'parametros',
            label: t.tabs.parametros,
            panel: (
              <ParametrosGrid
                clienteId={e.id}
                servidorId={null}
                puedeEditar={puedeEditar}
                acciones={
                  <Button
                    variant="default"
                    leftSection={<IconCopy size={16} />}
                    onClick={() => abrirCopiarParametros(e.id)}
                  >
                    {t.instalaciones.copiar}
                  </Button>
                }
              />
            ),
          },
          {
            value: 'vencimientos',
            label: t.tabs.vencimientos,
            panel: <VencimientosTab clienteId={e.id} />,
          },
          {
            value: 'actualizaciones',
            label: t.tabs.actualizaciones,
            panel: <ActualizacionesTab clienteId={e.id} />,
          },
          {
            value: 'contactos',
            label: t.tabs.contactos,
            panel: <ContactosTab clienteId={e.id} contactoId={e.contacto_id} />,
          },
          {
            value: 'historial',
            label: t.tabs.historial,
            sinImprimir: true,
            panel: (
              <HistoryTab
                entidad="empresa"
                id={e.id}
                labels={t.campos}
                valueLabels={{ condicion_iva: t.condicionesIva }}
              />
            ),
          },
        ]}
      />
    </>
  );
}
