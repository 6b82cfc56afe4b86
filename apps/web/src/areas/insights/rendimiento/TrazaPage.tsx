import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Traza } from '@intranet/contract/areas/insights/rendimiento';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RecordScreen } from '../../../components/RecordScreen.tsx';
import { formatFechaHora } from '../../../core/format.ts';
import { NivelBadge } from '../badges.tsx';
import { useTraza } from './api.ts';
import { formatDuracion } from './cascada.ts';
import { rendimientoMessages as m } from './messages.ts';
import { EstadoBadge } from './TransaccionesPage.tsx';

const back = { to: '/insights', label: m.volverAErrores };

/** `/insights/trazas/:traza`: the transactions and the errors sent with one trace_id, of any project. */
export function TrazaPage() {
  const traza = useParams().traza ?? '';
  const q = useTraza(traza);
  return (
    <RecordScreen query={q} title={m.trazaTitulo(traza)} back={back} notFound={m.trazaNoEncontrada}>
      {(t) => <TrazaView traza={t} />}
    </RecordScreen>
  );
}

function TrazaView({ traza }: { traza: Traza }) {
  return (
    <Stack gap="md">
      <PageHeader title={m.trazaTitulo(traza.trace_id)} back={back} />
      <Text size="sm" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {traza.trace_id}
      </Text>
      <Paper withBorder radius="md" p="md" component="section" aria-label={m.trazaTransacciones}>
        <Title order={2} size="h5" mb="sm">
          {m.trazaTransacciones}
        </Title>
        {traza.transacciones.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.sinTransacciones}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {traza.transacciones.map((t) => (
              <li key={t.event_id}>
                <Group gap="xs" wrap="wrap">
                  <Anchor
                    component={Link}
                    to={`/insights/proyectos/${t.proyecto_id}/transacciones/${t.event_id}`}
                    ff="monospace"
                    size="sm"
                  >
                    {t.nombre}
                  </Anchor>
                  <EstadoBadge estado={t.estado} />
                  <Text size="sm">{formatDuracion(t.duracion_ms)}</Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t.proyecto_nombre} · {formatFechaHora(t.inicio, { segundos: true })} · {m.spans}: {t.spans}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label={m.trazaErrores}>
        <Title order={2} size="h5" mb="sm">
          {m.trazaErrores}
        </Title>
        {traza.errores.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.sinErrores}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {traza.errores.map((e) => (
              <li key={e.event_id}>
                <Group gap="xs" wrap="wrap">
                  <NivelBadge nivel={e.nivel} />
                  <Anchor component={Link} to={`/insights/${e.issue_id}?evento=${e.event_id}`} size="sm">
                    {e.titulo}
                  </Anchor>
                </Group>
                <Text size="xs" c="dimmed">
                  {e.proyecto_nombre} · {formatFechaHora(e.fecha, { segundos: true })}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
