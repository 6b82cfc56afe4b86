import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconList, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PLATAFORMA_NOMBRES, sentrySnippets, type Proyecto } from '@intranet/contract/areas/insights';
import { confirmAction } from '../../components/confirmAction.tsx';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { EditButton } from '../../components/EditButton.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { formatFechaHora, formatNumero } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useEliminarProyecto, useFeedbackProyecto, useGuardarProyecto, useProyecto, useRotarClave } from './api.ts';
import { DsnField, Snippet } from './DsnField.tsx';
import { insightsMessages as t } from './messages.ts';
import { FeedbackList } from './FeedbackList.tsx';
import { logsMessages } from './logs/messages.ts';
import { LogsTab } from './logs/LogsTab.tsx';
import { monitoresMessages } from './monitores/messages.ts';
import { MonitoresTab } from './monitores/MonitoresTab.tsx';
import { RecibidosTab } from './RecibidosTab.tsx';
import { rendimientoMessages } from './rendimiento/messages.ts';
import { RendimientoTab } from './rendimiento/RendimientoTab.tsx';
import { ReleasesTab } from './ReleasesTab.tsx';

const c = t.proyectoCampos;

/** `/insights/proyectos/:id`: the project's DSN and SDK snippets, its key and its switch. */
export function ProyectoDetail() {
  const id = Number(useParams().id);
  const proyecto = useProyecto(id);
  return (
    <RecordScreen
      query={proyecto}
      title={t.proyectosTitulo}
      back={{ to: '/insights/proyectos', label: t.volverAProyectos }}
      notFound={t.proyectoNoEncontrado}
    >
      {(record) => <ProyectoView proyecto={record} />}
    </RecordScreen>
  );
}

function ProyectoView({ proyecto }: { proyecto: Proyecto }) {
  const puedeEditar = usePermiso('INSIGHTS#EDITAR');
  const snippets = sentrySnippets(proyecto.dsn);

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {proyecto.nombre}
            <Badge variant="dot" color={proyecto.activo ? 'green' : 'gray'} size="lg">
              {proyecto.activo ? t.activoSi : t.activoNo}
            </Badge>
          </Group>
        }
        back={{ to: '/insights/proyectos', label: t.volverAProyectos }}
        actions={
          <>
            <Button
              component={Link}
              to={`/insights?proyecto_id=${proyecto.id}`}
              variant="default"
              leftSection={<IconList size={16} />}
            >
              {t.verErrores}
            </Button>
            {puedeEditar && <ProyectoActions proyecto={proyecto} />}
          </>
        }
      />
      <RecordTabs
        tabs={[
          {
            value: 'configuracion',
            label: t.configuracion,
            panel: (
              <Stack gap="md">
                <Paper withBorder radius="md" p="lg" component="section" aria-label={c.dsn}>
                  <Group justify="space-between" mb="xs">
                    <Title order={2} size="h4">
                      {c.dsn}
                    </Title>
                    {puedeEditar && <RotarClave proyecto={proyecto} />}
                  </Group>
                  <Text size="sm" c="dimmed" mb="sm">
                    {t.dsnDescripcion}
                  </Text>
                  <DsnField dsn={proyecto.dsn} />
                  {!proyecto.activo && (
                    <Alert color="yellow" mt="sm">
                      {t.activoDescripcion}
                    </Alert>
                  )}
                </Paper>
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                  <Paper withBorder radius="md" p="lg">
                    <Snippet title={t.snippetNavegador} code={snippets.navegador} />
                  </Paper>
                  <Paper withBorder radius="md" p="lg">
                    <Snippet title={t.snippetNode} code={snippets.node} />
                  </Paper>
                </SimpleGrid>
                <Paper withBorder radius="md" p="lg" component="section" aria-label={t.datosProyecto}>
                  <DetailGrid
                    items={[
                      { label: c.nombre, value: proyecto.nombre },
                      { label: c.slug, value: proyecto.slug },
                      { label: c.plataforma, value: PLATAFORMA_NOMBRES[proyecto.plataforma] },
                      { label: c.limite_por_minuto, value: formatNumero(proyecto.limite_por_minuto) },
                      {
                        label: t.alertaPico,
                        value: t.picoTexto(proyecto.alerta_pico_eventos, proyecto.alerta_pico_minutos),
                      },
                      {
                        label: c.campos_sensibles,
                        value:
                          proyecto.campos_sensibles.length > 0
                            ? proyecto.campos_sensibles.join(', ')
                            : t.camposSensiblesNinguno,
                      },
                      { label: c.issues_sin_resolver, value: formatNumero(proyecto.issues_sin_resolver) },
                      { label: c.public_key, value: proyecto.public_key },
                      { label: c.creado, value: formatFechaHora(proyecto.creado) },
                      { label: c.actualizado, value: formatFechaHora(proyecto.actualizado) },
                    ]}
                  />
                </Paper>
              </Stack>
            ),
          },
          { value: 'releases', label: t.releases.tab, panel: <ReleasesTab proyectoId={proyecto.id} /> },
          {
            value: 'rendimiento',
            label: rendimientoMessages.tab,
            panel: <RendimientoTab proyectoId={proyecto.id} />,
          },
          { value: 'monitores', label: monitoresMessages.tab, panel: <MonitoresTab proyectoId={proyecto.id} /> },
          { value: 'opiniones', label: t.feedback.tab, panel: <FeedbackTab proyectoId={proyecto.id} /> },
          { value: 'logs', label: logsMessages.tab, panel: <LogsTab proyectoId={proyecto.id} /> },
          { value: 'recibidos', label: t.recibidos.tab, panel: <RecibidosTab proyectoId={proyecto.id} /> },
          {
            value: 'historial',
            label: t.tabs.historial,
            panel: (
              <HistoryTab
                entidad="insights_proyecto"
                id={proyecto.id}
                labels={c}
                valueLabels={{ plataforma: PLATAFORMA_NOMBRES }}
              />
            ),
          },
        ]}
      />
    </>
  );
}

function RotarClave({ proyecto }: { proyecto: Proyecto }) {
  const rotar = useRotarClave(proyecto.id);
  const run = async () => {
    if (
      !(await confirmAction({ title: t.rotarTitulo, message: t.rotarTexto, confirmLabel: t.rotarClave, danger: true }))
    )
      return;
    rotar.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', title: t.claveRotada, message: t.claveRotadaTexto }),
      onError: (error) => notifications.show({ color: 'red', title: t.errorCambiar, message: error.message }),
    });
  };
  return (
    <Button
      variant="light"
      color="orange"
      size="xs"
      leftSection={<IconKey size={14} />}
      loading={rotar.isPending}
      onClick={() => void run()}
    >
      {t.rotarClave}
    </Button>
  );
}

function ProyectoActions({ proyecto }: { proyecto: Proyecto }) {
  const guardar = useGuardarProyecto(proyecto.id);
  const eliminar = useEliminarProyecto();

  const alternar = async () => {
    if (
      proyecto.activo &&
      !(await confirmAction({
        title: t.desactivar,
        message: t.desactivarTexto(proyecto.nombre),
        confirmLabel: t.desactivar,
      }))
    )
      return;
    const { nombre, slug, plataforma, limite_por_minuto, alerta_pico_eventos, alerta_pico_minutos, campos_sensibles } =
      proyecto;
    guardar.mutate(
      {
        nombre,
        slug,
        plataforma,
        limite_por_minuto,
        alerta_pico_eventos,
        alerta_pico_minutos,
        campos_sensibles,
        activo: !proyecto.activo,
      },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            title: saved.activo ? t.activado : t.desactivado,
            message: saved.nombre,
          }),
        onError: (error) => notifications.show({ color: 'red', title: t.errorCambiar, message: error.message }),
      },
    );
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={proyecto.activo ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
        loading={guardar.isPending}
        onClick={() => void alternar()}
      >
        {proyecto.activo ? t.desactivar : t.activar}
      </Button>
      <EditButton to={`/insights/proyectos/${proyecto.id}/editar`}>{t.editar}</EditButton>
      <DeleteAction
        label={t.eliminar}
        confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(proyecto.nombre) }}
        run={() => eliminar.mutateAsync(proyecto.id)}
        done={{ title: t.eliminado, message: proyecto.nombre, to: '/insights/proyectos' }}
        errorTitle={t.errorEliminar}
      />
    </>
  );
}

/** The project's users' feedback. */
function FeedbackTab({ proyectoId }: { proyectoId: number }) {
  const feedback = useFeedbackProyecto(proyectoId);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t.feedback.intro}
      </Text>
      <FeedbackList consulta={feedback} />
    </Stack>
  );
}
