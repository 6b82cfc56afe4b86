import { Alert, Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type ReleaseProyecto, SALUD_DIAS_LISTA } from '@intranet/contract/areas/insights';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { formatBytes, formatFechaHora, formatNumero } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useEliminarRelease, useReleases } from './api.ts';
import { insightsMessages as t } from './messages.ts';
import { saludMessages } from './salud/messages.ts';
import { SaludReleases } from './salud/SaludReleases.tsx';

const r = t.releases;

/** The project's Releases tab: their health (sessions), then each release with its events, new issues and bundles. */
export function ReleasesTab({ proyectoId }: { proyectoId: number }) {
  const releases = useReleases(proyectoId);
  if (releases.isPending) return <Loader size="sm" />;
  if (releases.isError) return <Alert color="red">{releases.error.message}</Alert>;
  if (releases.data.length === 0) return <Text c="dimmed">{r.vacio}</Text>;
  return (
    <Stack gap="md">
      <SaludReleases proyectoId={proyectoId} />
      {releases.data.map((release) => (
        <ReleaseCard key={release.version ?? ''} proyectoId={proyectoId} release={release} />
      ))}
    </Stack>
  );
}

const fecha = (v: string | null) => (v === null ? '—' : formatFechaHora(v));

function ReleaseCard({ proyectoId, release }: { proyectoId: number; release: ReleaseProyecto }) {
  const puedeEditar = usePermiso('INSIGHTS#EDITAR');
  const eliminar = useEliminarRelease(proyectoId);
  const nombre = release.version ?? r.sinRelease;
  const archivos = release.bundles.flatMap((b) => b.archivos);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={nombre}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
        <Group gap="xs" style={{ minWidth: 0 }}>
          <Title order={3} size="h5" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {nombre}
          </Title>
          {release.creada === null ? (
            release.version !== null && (
              <Badge variant="light" color="gray">
                {r.soloEventos}
              </Badge>
            )
          ) : (
            <Badge variant="light" color={release.finalizada ? 'green' : 'yellow'}>
              {release.finalizada ? `${r.finalizada} ${formatFechaHora(release.finalizada)}` : r.noFinalizada}
            </Badge>
          )}
        </Group>
        {puedeEditar && (release.creada !== null || release.bundles.length > 0) && (
          <DeleteAction
            variant="icon"
            label={r.eliminar(nombre)}
            confirm={{ title: r.eliminarTitulo, message: r.eliminarTexto(nombre) }}
            run={() => eliminar.mutateAsync(release.version)}
            done={{ title: r.eliminada, message: nombre }}
            errorTitle={r.errorEliminar}
          />
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="sm">
        <Dato label={r.primerEvento} value={fecha(release.primer_evento)} />
        <Dato label={r.ultimoEvento} value={fecha(release.ultimo_evento)} />
        <Dato label={r.eventos} value={formatNumero(release.eventos)} />
        <Dato label={r.issuesNuevos} value={formatNumero(release.issues_nuevos)} />
        {release.salud && (
          <Dato
            label={saludMessages.enLista(SALUD_DIAS_LISTA)}
            value={`${saludMessages.porcentaje(release.salud.crash_free_sesiones)} · ${formatNumero(release.salud.sesiones)} ${saludMessages.sesiones.toLowerCase()}`}
          />
        )}
      </SimpleGrid>
      {release.deploys.length > 0 && (
        <Stack gap={2} mb="sm" component="section" aria-label={`${r.deploys} ${nombre}`}>
          <Text size="sm" fw={600}>
            {r.deploys}
          </Text>
          {release.deploys.map((d) => (
            <Text key={d.id} size="sm">
              {r.deploy(d.entorno, formatFechaHora(d.terminado), d.autor)}
              {d.nombre && ` · ${d.nombre}`}
              {d.url && !/^https?:\/\//i.test(d.url) && ` · ${d.url}`}
              {d.url && /^https?:\/\//i.test(d.url) && (
                <>
                  {' · '}
                  <Anchor href={d.url} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {d.url}
                  </Anchor>
                </>
              )}
            </Text>
          ))}
        </Stack>
      )}
      <Text size="sm" fw={600} mb={4}>
        {r.bundles}
      </Text>
      {release.bundles.length === 0 ? (
        <Text size="sm" c="dimmed">
          {r.sinBundles}
        </Text>
      ) : (
        <Stack gap={4}>
          {release.bundles.map((b) => (
            <Text key={b.id} size="sm" c="dimmed">
              {`${formatFechaHora(b.creado)} · ${r.bundle(b.archivos.length, formatBytes(b.tamano), b.dist)}`}
            </Text>
          ))}
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing={4} fz="xs" aria-label={`${r.bundles} ${nombre}`}>
              <Table.Tbody>
                {archivos.map((a, i) => (
                  // The files carry no id and one URL can appear in two bundles; the server sends them in a fixed order
                  // (bundle, then URL) and the rows hold no state.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the reason is above
                  <Table.Tr key={`${a.url}-${i}`}>
                    <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {a.url}
                    </Table.Td>
                    <Table.Td>
                      {a.tipo === 'source_map' ? 'source map' : a.tipo === 'minified_source' ? 'script' : a.tipo}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>{formatBytes(a.tamano)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Paper>
  );
}

function Dato({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
