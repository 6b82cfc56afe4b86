import { Anchor, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconUserPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useParams } from 'react-router';
import type { Asignacion, MaquinaDetalle } from '@intranet/contract/areas/maquinas';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { EditButton } from '../../components/EditButton.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { ImprimirButton } from '../../components/Imprimir.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { formatFecha, formatFechaHora } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useEliminarMaquina, useMaquina } from './api.ts';
import { abrirAsignar, abrirDevolver } from './AsignacionDialogs.tsx';
import { EstadoBadge } from './EstadoBadge.tsx';
import { maquinasMessages as t } from './messages.ts';

/** `/maquinas/:id`: the machine's data, who had it when (Asignar / Devolver) and its change history. */
export function MaquinaDetail() {
  const id = Number(useParams().id);
  const maquina = useMaquina(id);
  return (
    <RecordScreen
      query={maquina}
      title={t.titulo}
      back={{ to: '/maquinas', label: t.volver }}
      notFound={t.noEncontrada}
    >
      {(record) => <MaquinaView maquina={record} />}
    </RecordScreen>
  );
}

function PersonaLink({ id, nombre }: { id: number; nombre: string }) {
  // People's pages are Personas' (PHY-PER#TODO); without it the name is plain text.
  const verPersonas = usePermiso('PHY-PER#TODO');
  return verPersonas ? (
    <Anchor component={Link} to={`/personas/${id}`} size="sm">
      {nombre}
    </Anchor>
  ) : (
    <Text size="sm" span>
      {nombre}
    </Text>
  );
}

const asignacionColumns: ColumnDef<Asignacion>[] = [
  {
    id: 'persona',
    header: t.asignacionCampos.persona,
    cell: ({ row: { original: a } }) => <PersonaLink id={a.persona_id} nombre={a.persona_nombre} />,
  },
  { id: 'desde', header: t.asignacionCampos.desde, cell: ({ row }) => formatFecha(row.original.desde) },
  {
    id: 'hasta',
    header: t.asignacionCampos.hasta,
    cell: ({ row: { original: a } }) => (a.hasta ? formatFecha(a.hasta) : <Badge variant="light">{t.actual}</Badge>),
  },
  { id: 'notas', header: t.asignacionCampos.notas, cell: ({ row }) => row.original.notas ?? '—' },
  { id: 'asignado_por', header: t.asignacionCampos.asignado_por, cell: ({ row }) => row.original.asignado_por ?? '—' },
  {
    id: 'devuelto_por',
    header: t.asignacionCampos.devuelto_por,
    cell: ({ row: { original: a } }) => a.devuelto_por ?? (a.hasta ? '—' : ''),
  },
];

function MaquinaView({ maquina }: { maquina: MaquinaDetalle }) {
  const eliminar = useEliminarMaquina();
  const asignada = maquina.persona_id !== null;

  const asignarBoton = (
    <Button
      leftSection={<IconUserPlus size={16} />}
      disabled={maquina.estado === 'baja'}
      onClick={() => abrirAsignar(maquina)}
    >
      {t.asignar}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {maquina.nombre}
            <EstadoBadge estado={maquina.estado} />
          </Group>
        }
        back={{ to: '/maquinas', label: t.volver }}
        actions={
          <>
            {asignada ? (
              <Button leftSection={<IconArrowBackUp size={16} />} onClick={() => abrirDevolver(maquina)}>
                {t.devolver}
              </Button>
            ) : maquina.estado === 'baja' ? (
              <Tooltip label={t.bajaNoAsignable}>{asignarBoton}</Tooltip>
            ) : (
              asignarBoton
            )}
            <ImprimirButton todo />
            <EditButton to={`/maquinas/${maquina.id}/editar`}>{t.editar}</EditButton>
            <DeleteAction
              label={t.eliminar}
              confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(maquina.nombre) }}
              run={() => eliminar.mutateAsync(maquina.id)}
              done={{ title: t.eliminada, message: maquina.nombre, to: '/maquinas' }}
              errorTitle={t.errorEliminar}
            />
          </>
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
                    {
                      label: t.campos.persona_nombre,
                      value: maquina.persona_id !== null && (
                        <PersonaLink id={maquina.persona_id} nombre={maquina.persona_nombre ?? ''} />
                      ),
                    },
                    {
                      label: t.campos.asignada_desde,
                      value: maquina.asignada_desde && formatFecha(maquina.asignada_desde),
                    },
                    { label: t.campos.ubicacion, value: maquina.ubicacion },
                    { label: t.campos.tipo, value: t.tipos[maquina.tipo] },
                    { label: t.campos.nro_inventario, value: maquina.nro_inventario },
                    { label: t.campos.serie, value: maquina.serie },
                    { label: t.campos.fabricante, value: maquina.fabricante },
                    { label: t.campos.modelo, value: maquina.modelo },
                    { label: t.campos.cpu, value: maquina.cpu },
                    { label: t.campos.ram_gb, value: maquina.ram_gb === null ? null : `${maquina.ram_gb} GB` },
                    { label: t.campos.disco_gb, value: maquina.disco_gb === null ? null : `${maquina.disco_gb} GB` },
                    { label: t.campos.so, value: [maquina.so, maquina.so_version].filter(Boolean).join(' ') },
                    { label: t.campos.ip, value: maquina.ip },
                    { label: t.campos.mac, value: maquina.mac },
                    { label: t.campos.fecha_compra, value: maquina.fecha_compra && formatFecha(maquina.fecha_compra) },
                    {
                      label: t.campos.garantia_hasta,
                      value: maquina.garantia_hasta && (
                        <Group gap={6} component="span">
                          {formatFecha(maquina.garantia_hasta)}
                          {maquina.garantia_vencida && (
                            <Badge color="red" variant="light" size="sm">
                              {t.vencida}
                            </Badge>
                          )}
                        </Group>
                      ),
                    },
                    { label: t.campos.actualizado, value: formatFechaHora(maquina.actualizado) },
                    { label: t.campos.notas, value: maquina.notas, wide: true },
                  ]}
                />
              </Paper>
            ),
          },
          {
            value: 'asignaciones',
            label: `${t.tabs.asignaciones} (${maquina.asignaciones.length})`,
            panel:
              maquina.asignaciones.length === 0 ? (
                <Text c="dimmed">{t.sinAsignaciones}</Text>
              ) : (
                <Paper withBorder radius="md">
                  <DataTable
                    label={t.historialAsignaciones}
                    columns={asignacionColumns}
                    rows={maquina.asignaciones}
                    getRowId={(a) => String(a.id)}
                  />
                </Paper>
              ),
          },
          {
            value: 'historial',
            label: t.tabs.historial,
            sinImprimir: true,
            panel: (
              <Stack>
                <HistoryTab
                  entidad="maquina"
                  id={maquina.id}
                  labels={t.campos}
                  valueLabels={{ estado: t.estados, tipo: t.tipos, garantia_vencida: t.siNo }}
                />
              </Stack>
            ),
          },
        ]}
      />
    </>
  );
}
