import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Transaccion } from '@intranet/contract/areas/insights/rendimiento';
import { DetailGrid } from '../../../components/DetailGrid.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RecordScreen } from '../../../components/RecordScreen.tsx';
import { formatFechaHora } from '../../../core/format.ts';
import { useTransaccion } from './api.ts';
import { cascada, formatDuracion } from './cascada.ts';
import { rendimientoMessages as m } from './messages.ts';
import { recientesUrl } from './RendimientoTab.tsx';
import { EstadoBadge } from './TransaccionesPage.tsx';

/** `/insights/proyectos/:id/transacciones/:transaccion`: one transaction and its span waterfall. */
export function TransaccionPage() {
  const params = useParams();
  const proyectoId = Number(params.id);
  const transaccion = useTransaccion(proyectoId, params.transaccion ?? '');
  return (
    <RecordScreen
      query={transaccion}
      title={m.transaccion}
      back={{ to: `/insights/proyectos/${proyectoId}?tab=rendimiento`, label: m.volverARendimiento }}
      notFound={m.noEncontrada}
    >
      {(t) => <TransaccionView proyectoId={proyectoId} transaccion={t} />}
    </RecordScreen>
  );
}

function TransaccionView({ proyectoId, transaccion: t }: { proyectoId: number; transaccion: Transaccion }) {
  const filas = cascada(t);
  return (
    <Stack gap="md">
      <PageHeader
        title={t.nombre}
        back={{ to: recientesUrl(proyectoId, t.nombre, { rango: '30d' }), label: m.recientes }}
      />
      <Paper withBorder radius="md" p="lg">
        <DetailGrid
          items={[
            { label: m.inicio, value: formatFechaHora(t.inicio, { segundos: true }) },
            { label: m.duracion, value: formatDuracion(t.duracion_ms) },
            { label: m.estado, value: <EstadoBadge estado={t.estado} /> },
            { label: m.op, value: t.op ?? '—' },
            { label: m.release, value: t.release ?? '—' },
            { label: m.entorno, value: t.environment ?? '—' },
            {
              label: m.traza,
              value: (
                <Link to={`/insights/trazas/${t.trace_id}`} aria-label={m.verTraza}>
                  <Text span ff="monospace" size="sm">
                    {t.trace_id}
                  </Text>
                </Link>
              ),
            },
          ]}
        />
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label={m.cascada}>
        <Title order={2} size="h5" mb="sm">
          {m.cascada}
        </Title>
        {filas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.sinSpans}
          </Text>
        ) : (
          <Stack gap={2} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {filas.map(({ span, nivel, desde, ancho }) => (
              <Box
                key={span.span_id}
                component="li"
                py={4}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group gap="xs" wrap="nowrap" align="baseline" pl={`calc(${Math.min(nivel, 8)} * 0.9rem)`}>
                  <Text size="sm" fw={600} ff="monospace" style={{ flexShrink: 0 }}>
                    {span.op ?? '—'}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', flex: 1 }} lineClamp={2}>
                    {span.description ?? ''}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDuracion(span.duracion_ms)}
                  </Text>
                  {span.estado && span.estado !== 'ok' && <EstadoBadge estado={span.estado} />}
                </Group>
                <Box
                  mt={4}
                  h={6}
                  bg="var(--mantine-color-default-hover)"
                  style={{ position: 'relative', borderRadius: 3 }}
                  aria-hidden
                >
                  <Box
                    h={6}
                    bg={span.estado && span.estado !== 'ok' ? 'red.6' : 'blue.6'}
                    style={{
                      position: 'absolute',
                      left: `${desde}%`,
                      width: `max(${ancho}%, 2px)`,
                      borderRadius: 3,
                    }}
                  />
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
