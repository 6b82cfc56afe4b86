import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ColumnDef } from '@tanstack/react-table';
import type { Tarea, TareaEjecucion, TareaEstado } from '@intranet/contract/areas/alertas';
import { IconPlayerPlay } from '@tabler/icons-react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
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

/** The portal's zone: the schedules' times are written in it, and so are the times shown beside them. */
interface Zona {
  nombre: string;
  /** "hora de Buenos Aires" when the browser is in another zone; empty when they agree. */
  aclaracion: string;
}
const ZonaContext = createContext<Zona>({ nombre: 'UTC', aclaracion: '' });

const zonaDe = (nombre: string): Zona => {
  const delNavegador = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const lugar = (nombre.split('/').at(-1) ?? nombre).replaceAll('_', ' ');
  return { nombre, aclaracion: delNavegador === nombre ? '' : t.horaDe(lugar) };
};

/** dd/mm/aaaa HH:mm of an instant in the portal's zone (the schedule's own clock, whatever the browser's). */
const enZona = (iso: string, zona: string): string => formatFechaHora(iso, { zona });

const conAclaracion = (texto: string, zona: Zona) => (zona.aclaracion ? `${texto} (${zona.aclaracion})` : texto);

function InicioTitulo() {
  return <>{conAclaracion(t.columnas.inicio, useContext(ZonaContext))}</>;
}

function Inicio({ iso }: { iso: string }) {
  const zona = useContext(ZonaContext);
  return <span style={{ whiteSpace: 'nowrap' }}>{enZona(iso, zona.nombre)}</span>;
}

const columns: ColumnDef<TareaEjecucion>[] = [
  {
    id: 'inicio',
    header: () => <InicioTitulo />,
    meta: { width: 150 },
    cell: ({ row }) => <Inicio iso={row.original.inicio} />,
  },
  {
    id: 'estado',
    header: t.columnas.estado,
    meta: { width: 120 },
    cell: ({ row }) => <EstadoBadge estado={row.original.estado} />,
  },
  {
    id: 'intento',
    header: t.columnas.intento,
    meta: { width: 150 },
    cell: ({ row: { original: e } }) =>
      [String(e.intento), e.manual ? t.manual : '', e.definitivo && e.estado === 'error' ? t.definitivo : '']
        .filter(Boolean)
        .join(' · '),
  },
  {
    id: 'duracion',
    header: t.columnas.duracion,
    meta: { width: 100 },
    cell: ({ row }) => (row.original.duracion_ms === null ? '—' : duracion(row.original.duracion_ms)),
  },
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

/** "10 ejecuciones en la última hora, todas correctas": the latest runs at a glance. */
function resumenDe(ejecuciones: TareaEjecucion[], zona: string): string {
  const primera = ejecuciones.at(-1)!;
  const desde =
    Date.now() - new Date(primera.inicio).getTime() <= 3_600_000
      ? t.enLaUltimaHora
      : t.desde(enZona(primera.inicio, zona));
  return t.resumen(
    ejecuciones.length,
    desde,
    ejecuciones.filter((e) => e.estado === 'error' || e.estado === 'interrumpida').length,
  );
}

/** The setting behind a job or a notice, for administrators only: the environment variable is their help. */
function Ajuste({ children }: { children: string }) {
  if (!usePermiso('USUARIOS#ADMIN')) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="ajuste">
      {children}
    </Text>
  );
}

function TareaCard({ tarea, activo }: { tarea: Tarea; activo: boolean }) {
  const ejecutar = useEjecutarTarea();
  const zona = useContext(ZonaContext);
  const [verTodas, setVerTodas] = useState(false);
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
            {tarea.ajuste && <Ajuste>{t.ajuste(tarea.ajuste.variable, tarea.ajuste.valor)}</Ajuste>}
          </div>
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            variant="light"
            onClick={run}
            loading={ejecutar.isPending}
            disabled={!activo}
          >
            {t.ejecutar}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Dato label={t.programacion} value={conAclaracion(tarea.programacion, zona)} />
          <Dato
            label={t.proxima}
            value={tarea.proxima ? conAclaracion(enZona(tarea.proxima, zona.nombre), zona) : '—'}
          />
          <Dato
            label={t.ultima}
            value={
              ultima ? (
                <Group gap={6} wrap="nowrap">
                  <EstadoBadge estado={ultima.estado} />
                  <Text size="sm">{enZona(ultima.inicio, zona.nombre)}</Text>
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
          <Stack gap={4}>
            <Group gap="sm" wrap="wrap">
              <Text size="sm" data-testid="resumen-ejecuciones">
                {resumenDe(tarea.ejecuciones, zona.nombre)}
              </Text>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setVerTodas((v) => !v)}
                aria-expanded={verTodas}
              >
                {verTodas ? t.ocultarEjecuciones : t.verEjecuciones(tarea.ejecuciones.length)}
              </Anchor>
            </Group>
            <Collapse in={verTodas}>
              {verTodas && (
                <DataTable
                  label={`${t.ejecuciones}: ${tarea.titulo}`}
                  columns={columns}
                  rows={tarea.ejecuciones}
                  getRowId={(e) => String(e.id)}
                  minWidth={640}
                />
              )}
            </Collapse>
          </Stack>
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

/**
 * Alertas → Tareas: each scheduled job, its schedule, next run, its latest runs summed up (the list on request) and
 * "Ejecutar ahora" (ALERTAS#ADMIN). Times are the portal's (`zona`), named when the browser is elsewhere; settings
 * are said in words, their environment variables only to administrators, as help.
 */
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
        <ZonaContext.Provider value={zonaDe(tareas.data.zona)}>
          <Stack gap="md">
            {!tareas.data.activo && (
              <Alert color="orange" role="status">
                {t.inactivo}
                <Ajuste>{t.inactivoAjuste}</Ajuste>
              </Alert>
            )}
            {!tareas.data.correo.configurado && (
              <Alert color="gray" role="status" data-testid="sin-correo">
                {t.sinCorreo}
                <Ajuste>{t.sinCorreoAjuste}</Ajuste>
              </Alert>
            )}
            {tareas.data.correo.configurado &&
              (tareas.data.correo.pendientes > 0 || tareas.data.correo.fallidos > 0) && (
                <Alert color={tareas.data.correo.fallidos > 0 ? 'red' : 'blue'} role="status">
                  {t.correoPendientes(tareas.data.correo.pendientes, tareas.data.correo.fallidos)}
                </Alert>
              )}
            {tareas.data.tareas.map((tarea) => (
              <TareaCard key={tarea.nombre} tarea={tarea} activo={tareas.data.activo} />
            ))}
          </Stack>
        </ZonaContext.Provider>
      )}
    </>
  );
}
