import { Group, Paper, Stack, Title } from '@mantine/core';
import { describirPrograma, type MonitorDetalle as Detalle } from '@intranet/contract/areas/insights/monitores';
import { useParams } from 'react-router';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { DetailGrid } from '../../../components/DetailGrid.tsx';
import { EditButton } from '../../../components/EditButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RecordScreen } from '../../../components/RecordScreen.tsx';
import { formatFechaHora } from '../../../core/format.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useEliminarMonitor, useMonitor } from './api.ts';
import { EstadoCheckin, HistorialCheckins } from './Checkins.tsx';
import { monitoresMessages as t } from './messages.ts';

/** The project's Monitores tab, where a monitor's screen goes back to. */
export const tabDelProyecto = (proyectoId: number) => `/insights/proyectos/${proyectoId}?tab=monitores`;

/** `/insights/monitores/:id`: a cron monitor's configuration and its check-ins history. */
export function MonitorDetail() {
  const id = Number(useParams().id);
  const monitor = useMonitor(id);
  return (
    <RecordScreen
      query={monitor}
      title={t.titulo}
      back={{ to: '/insights/proyectos', label: t.volverAlProyecto }}
      notFound={t.noEncontrado}
    >
      {(record) => <MonitorView monitor={record} />}
    </RecordScreen>
  );
}

function MonitorView({ monitor: m }: { monitor: Detalle }) {
  const puedeEditar = usePermiso('INSIGHTS#EDITAR');
  const eliminar = useEliminarMonitor();
  const volver = tabDelProyecto(m.proyecto_id);
  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {m.nombre}
            <EstadoCheckin estado={m.ultimo_estado} />
          </Group>
        }
        back={{ to: volver, label: t.volverAlProyecto }}
        actions={
          puedeEditar && (
            <>
              <EditButton to={`/insights/monitores/${m.id}/editar`}>{t.editar}</EditButton>
              <DeleteAction
                label={t.eliminar}
                confirm={{ title: t.eliminarTitulo(m.nombre), message: t.eliminarTexto }}
                run={() => eliminar.mutateAsync(m.id)}
                done={{ title: t.eliminado, message: m.nombre, to: volver }}
                errorTitle={t.eliminar}
              />
            </>
          )
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p="lg">
          <DetailGrid
            items={[
              { label: t.campos.slug, value: m.slug },
              { label: t.programa, value: describirPrograma(m) },
              { label: t.proxima, value: m.proxima ? formatFechaHora(m.proxima) : t.nunca },
              { label: t.ultimo, value: m.ultimo_checkin ? formatFechaHora(m.ultimo_checkin) : t.nunca },
              { label: t.margen, value: t.minutos(m.margen_minutos) },
              { label: t.maxima, value: t.minutos(m.max_minutos) },
              { label: t.zona, value: m.zona },
              {
                label: `${t.perdidas} / ${t.fallidas} / ${t.excedidas}`,
                value: t.conteos(m.perdidas, m.fallidas, m.excedidas),
              },
            ]}
          />
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-label={t.historial}>
          <Title order={2} size="h4" mb="sm">
            {t.historial}
          </Title>
          <HistorialCheckins checkins={m.checkins} />
        </Paper>
      </Stack>
    </>
  );
}
