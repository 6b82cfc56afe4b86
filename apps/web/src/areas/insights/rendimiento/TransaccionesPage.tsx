import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import {
  RENDIMIENTO_RANGOS,
  type RendimientoRango,
  type TransaccionResumen,
} from '@intranet/contract/areas/insights/rendimiento';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { TableOrCards } from '../../../components/TableOrCards.tsx';
import { formatFechaHora } from '../../../core/format.ts';
import { useTransacciones } from './api.ts';
import { formatDuracion } from './cascada.ts';
import { rendimientoMessages as m } from './messages.ts';

/** A transaction's status as a badge: green when it did not fail (as the failure rate counts). */
export function EstadoBadge({ estado }: { estado: string | null }) {
  const bien = estado === null || estado === 'ok' || estado === 'cancelled' || estado === 'unknown';
  return (
    <Badge variant="light" color={bien ? 'gray' : 'red'} size="sm">
      {estado ?? '—'}
    </Badge>
  );
}

const transaccionUrl = (proyectoId: number, t: TransaccionResumen) =>
  `/insights/proyectos/${proyectoId}/transacciones/${t.event_id}`;

/**
 * `/insights/proyectos/:id/rendimiento?nombre=…`: the latest transactions of one name, each opening its spans.
 * Without a name (an address cut short, an old bookmark) it is the project's Rendimiento tab, where names are
 * picked, rather than a refused call.
 */
export function TransaccionesPage() {
  const proyectoId = Number(useParams().id);
  const [params] = useSearchParams();
  const nombre = params.get('nombre');
  if (!nombre) return <Navigate to={`/insights/proyectos/${proyectoId}?tab=rendimiento`} replace />;
  return <Transacciones proyectoId={proyectoId} nombre={nombre} params={params} />;
}

function Transacciones({
  proyectoId,
  nombre,
  params,
}: {
  proyectoId: number;
  nombre: string;
  params: URLSearchParams;
}) {
  const rangoParam = params.get('rango');
  const rango: RendimientoRango = RENDIMIENTO_RANGOS.includes(rangoParam as RendimientoRango)
    ? (rangoParam as RendimientoRango)
    : '24h';
  const environment = params.get('environment') || undefined;
  const release = params.get('release') || undefined;
  const lista = useTransacciones(proyectoId, { nombre, rango, environment, release });
  const back = { to: `/insights/proyectos/${proyectoId}?tab=rendimiento`, label: m.volverARendimiento };
  return (
    <Stack gap="md">
      <PageHeader title={nombre} back={back} />
      <Text size="sm" c="dimmed">
        {m.recientes} · {m.rangos[rango]}
        {environment ? ` · ${m.entorno}: ${environment}` : ''}
        {release ? ` · ${m.release}: ${release}` : ''}
      </Text>
      {lista.isPending ? (
        <Loader size="sm" />
      ) : lista.isError ? (
        <Alert color="red" role="alert">
          {lista.error.message}
        </Alert>
      ) : (
        <TableOrCards
          label={m.recientes}
          rows={lista.data}
          rowKey={(t) => t.event_id}
          empty={m.sinRecientes}
          minWidth={640}
          striped
          columns={[
            {
              header: m.inicio,
              nowrap: true,
              cell: (t) => (
                <Link to={transaccionUrl(proyectoId, t)}>{formatFechaHora(t.inicio, { segundos: true })}</Link>
              ),
            },
            { header: m.duracion, align: 'right', cell: (t) => formatDuracion(t.duracion_ms) },
            { header: m.estado, cell: (t) => <EstadoBadge estado={t.estado} /> },
            { header: m.spans, align: 'right', cell: (t) => t.spans },
            { header: m.release, cell: (t) => t.release ?? '—' },
            { header: m.entorno, cell: (t) => t.environment ?? '—' },
          ]}
          card={(t) => (
            <>
              <Group justify="space-between">
                <Link to={transaccionUrl(proyectoId, t)}>
                  <Text size="sm" fw={600}>
                    {formatFechaHora(t.inicio, { segundos: true })}
                  </Text>
                </Link>
                <EstadoBadge estado={t.estado} />
              </Group>
              <Text size="xs" c="dimmed">
                {formatDuracion(t.duracion_ms)} · {m.spans}: {t.spans}
                {t.release ? ` · ${t.release}` : ''}
              </Text>
            </>
          )}
        />
      )}
    </Stack>
  );
}
