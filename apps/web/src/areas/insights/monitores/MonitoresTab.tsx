import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { describirPrograma, type Monitor } from '@intranet/contract/areas/insights/monitores';
import { Link } from 'react-router';
import { useTelefono } from '../../../components/useTelefono.ts';
import { formatFechaHora } from '../../../core/format.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useMonitoresProyecto } from './api.ts';
import { EstadoCheckin, UltimosCheckins } from './Checkins.tsx';
import { monitoresMessages as t } from './messages.ts';

const enlace = (m: Monitor) => `/insights/monitores/${m.id}`;
const proxima = (m: Monitor) => (m.proxima ? formatFechaHora(m.proxima) : t.nunca);

function Conteos({ m }: { m: Monitor }) {
  return (
    <Group gap="md">
      {(
        [
          [t.perdidas, m.perdidas, 'orange'],
          [t.fallidas, m.fallidas, 'red'],
          [t.excedidas, m.excedidas, 'grape'],
        ] as const
      ).map(([nombre, n, color]) => (
        <Text key={nombre} size="sm" c={n > 0 ? color : 'dimmed'}>
          {`${nombre}: ${n}`}
        </Text>
      ))}
    </Group>
  );
}

/** The project's "Monitores" tab: each cron monitor with its schedule, next run, latest check-ins and failures. */
export function MonitoresTab({ proyectoId }: { proyectoId: number }) {
  const monitores = useMonitoresProyecto(proyectoId);
  const telefono = useTelefono();
  const puedeEditar = usePermiso('INSIGHTS#EDITAR');
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {puedeEditar && (
          <Button
            component={Link}
            to={`/insights/proyectos/${proyectoId}/monitores/nuevo`}
            variant="default"
            leftSection={<IconPlus size={16} />}
            style={{ flexShrink: 0 }}
          >
            {t.nuevo}
          </Button>
        )}
      </Group>
      {monitores.isPending ? (
        <Loader size="sm" />
      ) : monitores.isError ? (
        <Alert color="red">{t.error}</Alert>
      ) : monitores.data.length === 0 ? (
        <Text c="dimmed">{t.vacio}</Text>
      ) : telefono ? (
        <Stack gap="xs" component="ul" aria-label={t.titulo} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {monitores.data.map((m) => (
            <Paper key={m.id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
                <Anchor component={Link} to={enlace(m)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {m.nombre}
                </Anchor>
                <EstadoCheckin estado={m.ultimo_estado} />
              </Group>
              <Text size="sm">{describirPrograma(m)}</Text>
              <Text size="sm" c="dimmed">
                {`${t.proxima}: ${proxima(m)}`}
              </Text>
              <Stack gap={4} mt={6}>
                <UltimosCheckins checkins={m.ultimos} />
                <Conteos m={m} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={t.titulo}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.campos.nombre}</Table.Th>
                <Table.Th>{t.programa}</Table.Th>
                <Table.Th>{t.proxima}</Table.Th>
                <Table.Th>{t.ultimos}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t.perdidas}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t.fallidas}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t.excedidas}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {monitores.data.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Anchor component={Link} to={enlace(m)} fw={600}>
                        {m.nombre}
                      </Anchor>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {m.slug}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{describirPrograma(m)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{proxima(m)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <EstadoCheckin estado={m.ultimo_estado} />
                      <UltimosCheckins checkins={m.ultimos} />
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{m.perdidas}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{m.fallidas}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{m.excedidas}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
