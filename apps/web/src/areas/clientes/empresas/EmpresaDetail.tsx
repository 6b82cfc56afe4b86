import { Badge, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconCopy, IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatCuit, type Empresa } from '@intranet/contract/clientes';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { DetailGrid } from '../../../components/DetailGrid.tsx';
import { HistoryTab } from '../../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useUrlTab } from '../../../components/useUrlTab.ts';
import { RecordScreen } from '../../../components/RecordScreen.tsx';
import { RichTextView } from '../../../components/RichTextView.tsx';
import { formatFecha, formatFechaHora } from '../../../core/format.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useEliminarEmpresa, useEmpresa } from './api.ts';
import { abrirCopiarParametros } from './CopiarParametros.tsx';
import { CLIENTES_PATH, clientePath } from './EmpresasList.tsx';
import { clientesMessages as t } from './messages.ts';
import { ParametrosGrid } from './ParametrosGrid.tsx';
import { ServidoresTab } from './ServidoresTab.tsx';
import { ActualizacionesTab } from './tabs/ActualizacionesTab.tsx';
import { ContactosTab } from './tabs/ContactosTab.tsx';
import { VencimientosTab } from './tabs/VencimientosTab.tsx';
import { VencimientoBadge } from './VencimientoBadge.tsx';

const TABS = ['datos', 'servidores', 'parametros', 'vencimientos', 'actualizaciones', 'contactos', 'historial'] as const;
type Tab = (typeof TABS)[number];

/** `/clientes/:id`: the client with its tabs Datos · Servidores · Parámetros · Vencimientos · Actualizaciones · Contactos · Historial. */
export function EmpresaDetail() {
  const id = Number(useParams().id);
  const empresa = useEmpresa(id);
  return (
    <RecordScreen query={empresa} title={t.titulo} back={{ to: CLIENTES_PATH, label: t.volver }} notFound={t.noEncontrado}>
      {(record) => <EmpresaView empresa={record} />}
    </RecordScreen>
  );
}

function EmpresaView({ empresa: e }: { empresa: Empresa }) {
  const puedeEditar = usePermiso('CLIENTES#EDITAR');
  const eliminar = useEliminarEmpresa();
  const [tab, setTab] = useUrlTab(TABS);

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
          puedeEditar && (
            <>
              <Button component={Link} to={`${clientePath(e.id)}/editar`} variant="default" leftSection={<IconEdit size={16} />}>
                {t.editar}
              </Button>
              <DeleteAction
                label={t.eliminar}
                confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(e.razon_social) }}
                run={() => eliminar.mutateAsync(e.id)}
                done={{ title: t.eliminado, message: e.razon_social, to: CLIENTES_PATH }}
                errorTitle={t.errorEliminar}
              />
            </>
          )
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t.tabs[name]}
              {name === 'servidores' && e.servidores_count > 0 ? ` (${e.servidores_count})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="datos">
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
                  { label: t.campos.proximo_vencimiento, value: e.proximo_vencimiento ? <VencimientoBadge vencimiento={e.proximo_vencimiento} /> : t.sinVencimientos },
                  { label: t.campos.fecha_alta, value: formatFecha(e.fecha_alta) },
                  { label: t.campos.activo, value: e.activo ? t.si : t.no },
                  { label: t.campos.actualizado, value: formatFechaHora(e.actualizado) },
                ]}
              />
            </Paper>
            <Paper withBorder radius="md" p="lg">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb="xs">
                {t.campos.notas}
              </Text>
              <RichTextView value={e.notas} label={t.campos.notas} emptyText="—" />
            </Paper>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="servidores">
          <ServidoresTab empresaId={e.id} puedeEditar={puedeEditar} />
        </Tabs.Panel>
        <Tabs.Panel value="parametros">
          <ParametrosGrid
            empresaId={e.id}
            servidorId={null}
            puedeEditar={puedeEditar}
            acciones={
              <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => abrirCopiarParametros(e.id)}>
                {t.instalaciones.copiar}
              </Button>
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="vencimientos">
          <VencimientosTab empresaId={e.id} />
        </Tabs.Panel>
        <Tabs.Panel value="actualizaciones">
          <ActualizacionesTab empresaId={e.id} />
        </Tabs.Panel>
        <Tabs.Panel value="contactos">
          <ContactosTab empresaId={e.id} contactoId={e.contacto_id} />
        </Tabs.Panel>
        <Tabs.Panel value="historial">
          <HistoryTab entidad="empresa" id={e.id} labels={t.campos} valueLabels={{ condicion_iva: t.condicionesIva }} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
