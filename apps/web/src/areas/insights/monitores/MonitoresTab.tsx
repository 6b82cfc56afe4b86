import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { describirPrograma, type Monitor } from '@intranet/contract/areas/insights/monitores';
import { Link } from 'react-router';
import { TableOrCards } from '../../../components/TableOrCards.tsx';
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
      ) : (
        <TableOrCards
          label={t.titulo}
          rows={monitores.data}
          rowKey={(m) => m.id}
          empty={t.vacio}
          minWidth={760}
          striped
          columns={[
            {
              header: t.campos.nombre,
              cell: (m) => (
                <Stack gap={2}>
                  <Anchor component={Link} to={enlace(m)} fw={600}>
                    {m.nombre}
                  </Anchor>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {m.slug}
                  </Text>
                </Stack>
              ),
            },
            { header: t.programa, cell: describirPrograma },
            { header: t.proxima, nowrap: true, cell: proxima },
            {
              header: t.ultimos,
              cell: (m) => (
                <Group gap="xs" wrap="nowrap">
                  <EstadoCheckin estado={m.ultimo_estado} />
                  <UltimosCheckins checkins={m.ultimos} />
                </Group>
              ),
            },
            { header: t.perdidas, align: 'right', cell: (m) => m.perdidas },
            { header: t.fallidas, align: 'right', cell: (m) => m.fallidas },
            { header: t.excedidas, align: 'right', cell: (m) => m.excedidas },
          ]}
          card={(m) => (
            <>
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
            </>
          )}
        />
      )}
    </Stack>
  );
}
