import { Button, Group, Menu, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { DESARROLLO_TRANSICIONES, type Desarrollo } from '@intranet/contract/areas/desarrollos';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { EditButton } from '../../components/EditButton.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { RichTextCard } from '../../components/RichTextView.tsx';
import { formatFecha, formatFechaHora, formatNumero } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useDesarrollo, useEliminarDesarrollo, useMoverDesarrollo } from './api.ts';
import { CambiosEstado } from './CambiosEstado.tsx';
import { Compromiso, EstadoBadge, PrioridadBadge } from './Badges.tsx';
import { DESARROLLOS_PATH } from './Filtros.tsx';
import { desarrollosMessages as t } from './messages.ts';

/** `/desarrollos/:id`: the development's data with its rendered description, and its history. */
export function DesarrolloDetail() {
  const id = Number(useParams().id);
  const desarrollo = useDesarrollo(id);
  return (
    <RecordScreen
      query={desarrollo}
      title={t.titulo}
      back={{ to: DESARROLLOS_PATH, label: t.volver }}
      notFound={t.noEncontrado}
    >
      {(record) => <DesarrolloView desarrollo={record} />}
    </RecordScreen>
  );
}

const horas = (n: number | null) => (n === null ? null : formatNumero(n));

function DesarrolloView({ desarrollo: d }: { desarrollo: Desarrollo }) {
  const puedeEditar = usePermiso('DESARROLLOS#EDITAR');

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {/* Long titles wrap, even a long unbroken word, instead of running out of the header. */}
            <span style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{d.titulo}</span>
            <EstadoBadge estado={d.estado} />
            <PrioridadBadge prioridad={d.prioridad} />
          </Group>
        }
        back={{ to: DESARROLLOS_PATH, label: t.volver }}
        actions={puedeEditar && <Acciones desarrollo={d} />}
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
                      { label: t.campos.empresa, value: d.empresa ?? t.interno },
                      { label: t.campos.producto, value: d.producto },
                      { label: t.campos.version, value: d.version },
                      { label: t.campos.estado, value: t.estados[d.estado] },
                      { label: t.campos.prioridad, value: t.prioridades[d.prioridad] },
                      { label: t.campos.responsable, value: d.responsable },
                      { label: t.campos.fecha_solicitud, value: d.fecha_solicitud && formatFecha(d.fecha_solicitud) },
                      {
                        label: t.campos.fecha_compromiso,
                        value: <Compromiso fecha={d.fecha_compromiso} vencido={d.vencido} />,
                      },
                      { label: t.campos.fecha_entrega, value: d.fecha_entrega && formatFecha(d.fecha_entrega) },
                      { label: t.campos.horas_estimadas, value: horas(d.horas_estimadas) },
                      { label: t.campos.horas_reales, value: horas(d.horas_reales) },
                      { label: t.campos.actualizado, value: formatFechaHora(d.actualizado) },
                    ]}
                  />
                </Paper>
                <RichTextCard value={d.descripcion} label={t.campos.descripcion} emptyText={t.sinDescripcion} />
              </Stack>
            ),
          },
          {
            value: 'historial',
            label: t.tabs.historial,
            panel: (
              <Stack gap="lg">
                <section>
                  <Title order={2} size="h4" mb="sm">
                    {t.cambiosEstado}
                  </Title>
                  <CambiosEstado id={d.id} />
                </section>
                <section>
                  <Title order={2} size="h4" mb="sm">
                    {t.cambiosAuditoria}
                  </Title>
                  <HistoryTab
                    entidad="desarrollo"
                    id={d.id}
                    labels={t.campos}
                    valueLabels={{ estado: t.estados, prioridad: t.prioridades }}
                  />
                </section>
              </Stack>
            ),
          },
        ]}
      />
    </>
  );
}

/** Mover a (the states the table allows), Editar, Eliminar. */
function Acciones({ desarrollo: d }: { desarrollo: Desarrollo }) {
  const eliminar = useEliminarDesarrollo();
  const mover = useMoverDesarrollo();
  const destinos = DESARROLLO_TRANSICIONES[d.estado];

  return (
    <>
      {destinos.length > 0 && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" leftSection={<IconArrowsExchange size={16} />} loading={mover.isPending}>
              {t.moverA}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {destinos.map((estado) => (
              <Menu.Item
                key={estado}
                onClick={() =>
                  mover.mutate(
                    { id: d.id, estado },
                    {
                      onSuccess: () =>
                        notifications.show({
                          color: 'green',
                          title: t.movidoTitulo,
                          message: t.movido(d.titulo, t.estados[estado]),
                        }),
                      onError: (error) =>
                        notifications.show({ color: 'red', title: t.noMovido, message: error.message }),
                    },
                  )
                }
              >
                {t.estados[estado]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <EditButton to={`${DESARROLLOS_PATH}/${d.id}/editar`}>{t.editar}</EditButton>
      <DeleteAction
        label={t.eliminar}
        confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(d.titulo) }}
        run={() => eliminar.mutateAsync(d.id)}
        done={{ title: t.eliminado, message: d.titulo, to: DESARROLLOS_PATH }}
        errorTitle={t.errorEliminar}
      />
    </>
  );
}
