import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconClockCheck, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { IssueDetalle, IssueEstado, IssueIgnorar } from '@intranet/contract/areas/insights';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { formatNumero } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { ActividadTab } from './ActividadTab.tsx';
import { useActualizarIssue, useFeedbackIssue, useIgnorarIssue, useIssue } from './api.ts';
import { FeedbackList } from './FeedbackList.tsx';
import { AsignacionSelect, type Asignacion } from './AsignacionSelect.tsx';
import { Culprit, EstadoIssueBadge, FechaRelativa, NivelBadge } from './badges.tsx';
import { Comentarios } from './Comentarios.tsx';
import { EventosChart } from './EventosChart.tsx';
import { EventosTab } from './EventosTab.tsx';
import { EventoNavegable } from './EventoNavegable.tsx';
import { IgnorarMenu } from './IgnorarMenu.tsx';
import { insightsMessages as t } from './messages.ts';
import { TagBreakdown } from './TagBreakdown.tsx';

/** `/insights/:id`: one grouped error, its latest (or chosen) event and its triage. */
export function IssueDetail() {
  const id = Number(useParams().id);
  const issue = useIssue(id);
  return (
    <RecordScreen query={issue} title={t.titulo} back={{ to: '/insights', label: t.volver }} notFound={t.noEncontrado}>
      {(record) => <IssueView issue={record} />}
    </RecordScreen>
  );
}

function IssueView({ issue }: { issue: IssueDetalle }) {
  // The tab and the event shown are in the URL, so a link opens the same event.
  const [params, setParams] = useSearchParams();
  const eventoId = params.get('evento');
  const feedback = useFeedbackIssue(issue.id);
  const abrirEvento = (next: string | null) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.delete('tab');
        if (next) updated.set('evento', next);
        else updated.delete('evento');
        return updated;
      },
      { replace: false },
    );

  return (
    <>
      <PageHeader
        title={
          <Text component="span" inherit style={{ overflowWrap: 'anywhere' }}>
            {issue.titulo}
          </Text>
        }
        back={{ to: '/insights', label: t.volver }}
        actions={<Triage issue={issue} />}
      />
      <Group gap="xs" mb="md" mt={-8}>
        <NivelBadge nivel={issue.nivel} />
        <EstadoIssueBadge estado={issue.estado} />
        {issue.estado === 'resolved' && issue.resuelta_en_release && (
          <Badge variant="light" color="teal" style={{ textTransform: 'none' }}>
            {t.resueltaEnRelease(issue.resuelta_en_release)}
          </Badge>
        )}
        {issue.estado === 'ignored' && issue.ignorada && (
          <Badge variant="light" color="gray" leftSection={<IconEyeOff size={12} />} style={{ textTransform: 'none' }}>
            {t.ignorada(issue.ignorada)}
          </Badge>
        )}
        {issue.culprit && (
          <Text size="sm" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            <Culprit issue={issue} />
          </Text>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md" mb="md">
        <Paper withBorder radius="md" p="md">
          <Resumen issue={issue} />
        </Paper>
        <Paper withBorder radius="md" p="md" style={{ gridColumn: 'span 2' }}>
          <EventosChart issueId={issue.id} />
        </Paper>
      </SimpleGrid>

      <RecordTabs
        keep={['evento']}
        tabs={[
          {
            value: 'evento',
            label: t.tabs.evento,
            panel: <EventoNavegable issue={issue} eventoId={eventoId} onNavigate={abrirEvento} />,
          },
          {
            value: 'eventos',
            label: `${t.tabs.eventos} (${formatNumero(issue.cantidad)})`,
            panel: <EventosTab issueId={issue.id} onOpen={abrirEvento} />,
          },
          {
            value: 'etiquetas',
            label: t.tabs.etiquetas,
            panel: <TagBreakdown issueId={issue.id} />,
          },
          { value: 'actividad', label: t.actividad.tab, panel: <ActividadTab issueId={issue.id} /> },
          {
            value: 'comentarios',
            label: `${t.tabs.comentarios} (${issue.comentarios})`,
            panel: <Comentarios issueId={issue.id} />,
          },
          {
            value: 'opiniones',
            label: t.feedback.tab,
            panel: <FeedbackList consulta={feedback} onOpenEvento={abrirEvento} />,
          },
          {
            value: 'historial',
            label: t.tabs.historial,
            panel: (
              <HistoryTab
                entidad="insights_issue"
                id={issue.id}
                labels={{
                  estado: t.campos.estado,
                  asignado_id: t.campos.asignado,
                  asignado: t.campos.asignado,
                  asignado_rol: t.campos.equipo,
                  resuelta_en_release: t.campos.resueltaEnRelease,
                }}
                valueLabels={{ estado: { unresolved: 'Sin resolver', resolved: 'Resuelto', ignored: 'Ignorado' } }}
              />
            ),
          },
        ]}
      />
    </>
  );
}

function Resumen({ issue }: { issue: IssueDetalle }) {
  const rows: [string, ReactNode][] = [
    [
      t.campos.cantidad,
      <Text key="n" fw={700}>
        {formatNumero(issue.cantidad)}
      </Text>,
    ],
    [t.campos.primera_vez, <FechaRelativa key="p" fecha={issue.primera_vez} />],
    [t.campos.ultima_vez, <FechaRelativa key="u" fecha={issue.ultima_vez} />],
    [t.campos.proyecto, issue.proyecto_nombre],
    [t.campos.release, issue.release ?? '—'],
    [t.campos.environment, issue.environment ?? '—'],
  ];
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" align="flex-start" wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} ta="right" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Resolve / ignore / reopen and the assignee, for those who may act (INSIGHTS#EDITAR). */
function Triage({ issue }: { issue: IssueDetalle }) {
  const puedeEditar = usePermiso('INSIGHTS#EDITAR');
  const actualizar = useActualizarIssue(issue.id);
  const ignorarIssue = useIgnorarIssue(issue.id);
  if (!puedeEditar) return null;

  const onError = (error: Error) => notifications.show({ color: 'red', title: t.errorCambiar, message: error.message });
  const estado = (next: IssueEstado, enProxima = false) =>
    actualizar.mutate(enProxima ? { estado: next, en_proxima_release: true } : { estado: next }, {
      onSuccess: () =>
        notifications.show({ color: 'green', title: t.estadoCambiado, message: t.estadoCambiadoTexto(1) }),
      onError,
    });
  const ignorar = async (condicion: IssueIgnorar) => {
    await ignorarIssue.mutateAsync(condicion);
    notifications.show({ color: 'green', title: t.estadoCambiado, message: t.estadoCambiadoTexto(1) });
  };
  const asignar = ({ asignado_id, asignado_rol_id, nombre }: Asignacion) =>
    actualizar.mutate(
      { asignado_id, asignado_rol_id },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', title: t.estadoCambiado, message: t.asignadoTexto(nombre) }),
        onError,
      },
    );

  return (
    <>
      <AsignacionSelect issue={issue} onChange={asignar} label={t.asignar} />
      {issue.estado === 'unresolved' ? (
        <>
          <Button
            color="green"
            leftSection={<IconCheck size={16} />}
            loading={actualizar.isPending}
            onClick={() => estado('resolved')}
          >
            {t.resolver}
          </Button>
          {issue.release && (
            <Button
              variant="light"
              color="green"
              leftSection={<IconClockCheck size={16} />}
              loading={actualizar.isPending}
              onClick={() => estado('resolved', true)}
            >
              {t.resolverProxima}
            </Button>
          )}
          <IgnorarMenu ignorar={ignorar} loading={ignorarIssue.isPending} />
        </>
      ) : (
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          loading={actualizar.isPending}
          onClick={() => estado('unresolved')}
        >
          {t.reabrir}
        </Button>
      )}
    </>
  );
}
