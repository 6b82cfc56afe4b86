import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ColumnDef } from '@tanstack/react-table';
import type { Tarea, TareaEjecucion, TareaEstado } from '@intranet/contract/alertas';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { useEjecutarTarea, useTareas } from './api.ts';
import { alertasMessages, duracion } from './messages.ts';

const t = alertasMessages.tareas;
const COLOR: Record<TareaEstado, string> = { en_curso: 'blue', ok: 'green', error: 'red', interrumpida: 'orange' };

export function EstadoBadge({ estado }: { estado: TareaEstado }) {
  return (
    <Badge color={COLOR[estado]} variant="light">
      {alertasMessages.estados[estado]}
    </Badge>
  );
}

const columns: ColumnDef<TareaEjecucion>[] = [
  { id: 'inicio', header: t.columnas.inicio, meta: { width: 150 }, cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{formatFechaHora(row.original.inicio)}</span> },
  { id: 'estado', header: t.columnas.estado, meta: { width: 120 }, cell: ({ row }) => <EstadoBadge estado={row.original.estado} /> },
  {
    id: 'intento',
    header: t.columnas.intento,
    meta: { width: 150 },
    cell: ({ row: { original: e } }) => [String(e.intento), e.manual ? t.manual : '', e.definitivo && e.estado === 'error' ? t.definitivo : ''].filter(Boolean).join(' · '),
  },
  { id: 'duracion', header: t.columnas.duracion, meta: { width: 100 }, cell: ({ row }) => (row.original.duracion_ms === null ? '—' : duracion(row.original.duracion_ms)) },
  {
    id: 'resultado',
    header: t.columnas.resultado,
    cell: ({ row: { original: e } }) => (
      <Text size="sm" c={e.error ? 'red' : undefined}>
        {e.error ?? e.resultado ?? '—'}
      </Text>
    ),
  },
];

function TareaCard({ tarea, activo }: { tarea: Tarea; activo: boolean }) {
  const ejecutar = useEjecutarTarea();
  const ultima = tarea.ejecuciones[0];
  const run = () =>
    ejecutar.mutate(tarea.nombre, {
      onSuccess: () => notifications.show({ color: 'blue', title: t.encolada, message: t.encoladaTexto(tarea.titulo) }),
      onError: (error) => notifications.show({ color: 'red', title: t.errorEjecutar, message: error.message }),
    });
  return (
    <Card withBorder padding="md" data-testid={`tarea-${tarea.nombre}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Title order={2} size="h4">
              {tarea.titulo}
            </Title>
            <Text size="sm" c="dimmed">
              {tarea.descripcion}
            </Text>
          </div>
          <Button leftSection={<IconPlayerPlay size={16} />} variant="light" onClick={run} loading={ejecutar.isPending} disabled={!activo}>
            {t.ejecutar}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Dato label={t.programacion} value={tarea.programacion} />
          <Dato label={t.proxima} value={tarea.proxima ? formatFechaHora(tarea.proxima) : '—'} />
          <Dato
            label={t.ultima}
            value={
              ultima ? (
                <Group gap={6} wrap="nowrap">
                  <EstadoBadge estado={ultima.estado} />
                  <Text size="sm">{formatFechaHora(ultima.inicio)}</Text>
                </Group>
              ) : (
                t.nunca
              )
            }
          />
        </SimpleGrid>
        {tarea.pendientes > 0 && (
          <Text size="sm" c="blue">
            {t.enCola}: {tarea.pendientes}
          </Text>
        )}
        {tarea.ejecuciones.length > 0 ? (
          <DataTable label={`${t.ejecuciones}: ${tarea.titulo}`} columns={columns} rows={tarea.ejecuciones} getRowId={(e) => String(e.id)} minWidth={640} />
        ) : (
          <Text size="sm" c="dimmed">
            {t.sinEjecuciones}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Dato({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {typeof value === 'string' ? <Text size="sm">{value}</Text> : value}
    </div>
  );
}

/** Alertas → Tareas: each scheduled job, its schedule, next run, latest runs and "Ejecutar ahora" (ALERTAS#ADMIN). */
export function TareasScreen() {
  const tareas = useTareas();
  return (
    <>
      <PageHeader title={t.titulo} />
      {tareas.isPending && <Loader size="sm" />}
      {tareas.isError && (
        <Alert color="red" role="alert">
          {tareas.error.message}
        </Alert>
      )}
      {tareas.data && (
        <Stack gap="md">
          {!tareas.data.activo && (
            <Alert color="orange" role="status">
              {t.inactivo}
            </Alert>
          )}
          {!tareas.data.correo.configurado && (
            <Alert color="gray" role="status" data-testid="sin-correo">
              {t.sinCorreo}
            </Alert>
          )}
          {tareas.data.correo.configurado && (tareas.data.correo.pendientes > 0 || tareas.data.correo.fallidos > 0) && (
            <Alert color={tareas.data.correo.fallidos > 0 ? 'red' : 'blue'} role="status">
              {t.correoPendientes(tareas.data.correo.pendientes, tareas.data.correo.fallidos)}
            </Alert>
          )}
          {tareas.data.tareas.map((tarea) => (
            <TareaCard key={tarea.nombre} tarea={tarea} activo={tareas.data.activo} />
          ))}
        </Stack>
      )}
    </>
  );
}
