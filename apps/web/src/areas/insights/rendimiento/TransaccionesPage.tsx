import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  RENDIMIENTO_RANGOS,
  type RendimientoRango,
  type TransaccionResumen,
} from '@intranet/contract/areas/insights/rendimiento';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useTelefono } from '../../../components/useTelefono.ts';
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

/** `/insights/proyectos/:id/rendimiento?nombre=…`: the latest transactions of one name, each opening its spans. */
export function TransaccionesPage() {
  const proyectoId = Number(useParams().id);
  const [params] = useSearchParams();
  const nombre = params.get('nombre') ?? '';
  const rangoParam = params.get('rango');
  const rango: RendimientoRango = RENDIMIENTO_RANGOS.includes(rangoParam as RendimientoRango)
    ? (rangoParam as RendimientoRango)
    : '24h';
  const environment = params.get('environment') || undefined;
  const release = params.get('release') || undefined;
  const lista = useTransacciones(proyectoId, { nombre, rango, environment, release });
  const telefono = useTelefono();
  const back = { to: `/insights/proyectos/${proyectoId}?tab=rendimiento`, label: m.volverARendimiento };
  return (
    <Stack gap="md">
      <PageHeader title={nombre || m.recientes} back={back} />
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
      ) : lista.data.length === 0 ? (
        <Text c="dimmed">{m.sinRecientes}</Text>
      ) : telefono ? (
        <Stack gap="xs" component="ul" aria-label={m.recientes} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {lista.data.map((t) => (
            <Paper key={t.event_id} component="li" withBorder radius="md" p="sm">
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
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={m.recientes}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.inicio}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{m.duracion}</Table.Th>
                <Table.Th>{m.estado}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{m.spans}</Table.Th>
                <Table.Th>{m.release}</Table.Th>
                <Table.Th>{m.entorno}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lista.data.map((t) => (
                <Table.Tr key={t.event_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Link to={transaccionUrl(proyectoId, t)}>{formatFechaHora(t.inicio, { segundos: true })}</Link>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatDuracion(t.duracion_ms)}</Table.Td>
                  <Table.Td>
                    <EstadoBadge estado={t.estado} />
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{t.spans}</Table.Td>
                  <Table.Td>{t.release ?? '—'}</Table.Td>
                  <Table.Td>{t.environment ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
