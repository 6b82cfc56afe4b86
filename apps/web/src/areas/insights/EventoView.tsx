import { Anchor, Badge, Code, Group, Paper, SimpleGrid, Spoiler, Stack, Table, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Breadcrumb, Evento } from '@intranet/contract/areas/insights';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { NivelBadge } from './badges.tsx';
import { insightsMessages as t } from './messages.ts';
import { StackTrace } from './StackTrace.tsx';
import { rendimientoMessages } from './rendimiento/messages.ts';
import { AdjuntosEvento } from './adjuntos/AdjuntosEvento.tsx';
import { adjuntosMessages } from './adjuntos/messages.ts';

/** The trace the event was sent in (`contexts.trace.trace_id`, as the SDKs set it with tracing on), if any. */
export function traceIdDe(evento: Pick<Evento, 'contexts'>): string | null {
  const id = evento.contexts.trace?.trace_id;
  return typeof id === 'string' && /^[0-9a-f]{32}$/.test(id) ? id : null;
}

/** One event as staff read it: what broke (stack trace), what led there, and where it happened. */
export function EventoView({ evento }: { evento: Evento }) {
  const traza = traceIdDe(evento);
  return (
    <Stack gap="lg">
      {traza && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {rendimientoMessages.traza}:
          </Text>
          <Anchor component={Link} to={`/insights/trazas/${traza}`} size="sm" ff="monospace">
            {traza.slice(0, 8)}
          </Anchor>
        </Group>
      )}
      <Section title={t.trazas}>
        <StackTrace exceptions={evento.exception} threads={evento.threads} />
      </Section>
      <Section title={t.breadcrumbs}>
        <Breadcrumbs items={evento.breadcrumbs} />
      </Section>
      <Section title={adjuntosMessages.titulo}>
        <AdjuntosEvento issueId={evento.issue_id} eventId={evento.event_id} />
      </Section>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title={t.request}>
          {evento.request ? (
            <Stack gap="xs">
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={700} inherit>
                  {evento.request.method ?? 'GET'}
                </Text>{' '}
                {evento.request.url ?? '—'}
                {evento.request.query_string ? `?${evento.request.query_string}` : ''}
              </Text>
              <KeyValues title={t.headers} values={evento.request.headers} />
              {evento.request.data !== null && evento.request.data !== undefined && (
                <JsonBlock value={evento.request.data} />
              )}
            </Stack>
          ) : (
            <Empty />
          )}
        </Section>
        <Section title={t.user}>{evento.user ? <KeyValues values={evento.user} /> : <Empty />}</Section>
      </SimpleGrid>
      <Section title={t.tags}>
        {evento.tags.length === 0 ? (
          <Empty />
        ) : (
          <Group gap={6}>
            {evento.tags.map((tag) => (
              <Badge key={`${tag.key}=${tag.value}`} variant="default" radius="sm" tt="none" fw={400}>
                <Text span size="xs" c="dimmed">
                  {tag.key}
                </Text>{' '}
                <Text span size="xs" fw={600}>
                  {tag.value}
                </Text>
              </Badge>
            ))}
          </Group>
        )}
      </Section>
      <Section title={t.contextos}>
        {Object.keys(evento.contexts).length === 0 ? (
          <Empty />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
            {Object.entries(evento.contexts).map(([name, values]) => (
              <KeyValues key={name} title={name} values={values} />
            ))}
          </SimpleGrid>
        )}
      </Section>
      {Object.keys(evento.extra).length > 0 && (
        <Section title={t.extra}>
          <KeyValues values={evento.extra} />
        </Section>
      )}
      {evento.modules && Object.keys(evento.modules).length > 0 && (
        <Section title={t.paquetes(Object.keys(evento.modules).length)}>
          {/* By name. A Python environment sends a few hundred: the first ones, and the rest a click away. */}
          <Spoiler maxHeight={160} showLabel={t.verTodos} hideLabel={t.verMenos}>
            <KeyValues
              values={Object.fromEntries(Object.entries(evento.modules).sort(([a], [b]) => a.localeCompare(b)))}
            />
          </Spoiler>
        </Section>
      )}
      <Section title={t.datos}>
        <DetailGrid
          items={[
            { label: t.eventoId, value: <Code>{evento.event_id}</Code> },
            { label: t.campos.nivel, value: <NivelBadge nivel={evento.nivel} /> },
            { label: t.eventoCampos.fecha, value: formatFechaHora(evento.fecha, { segundos: true }) },
            { label: t.recibido, value: formatFechaHora(evento.recibido, { segundos: true }) },
            { label: t.campos.release, value: evento.release },
            { label: t.campos.environment, value: evento.environment },
            { label: t.plataforma, value: evento.platform },
            { label: t.servidor, value: evento.server_name },
            { label: t.transaccion, value: evento.transaction },
            { label: t.sdk, value: evento.sdk ? `${evento.sdk.name ?? ''} ${evento.sdk.version ?? ''}`.trim() : null },
            { label: t.campos.fingerprint, value: evento.fingerprint.join(' · ') },
          ]}
        />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const Empty = () => (
  <Text c="dimmed" size="sm">
    {t.sinDatos}
  </Text>
);

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A small key/value table; nested values as compact JSON. */
function KeyValues({ title, values }: { title?: string; values: Record<string, unknown> }) {
  const entries = Object.entries(values);
  return (
    <Stack gap={4}>
      {title && (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {title}
        </Text>
      )}
      {entries.length === 0 ? (
        <Empty />
      ) : (
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" layout="fixed" aria-label={title}>
          <Table.Tbody>
            {entries.map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Td w="35%" c="dimmed" fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {key}
                </Table.Td>
                <Table.Td fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {asText(value)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function JsonBlock({ value }: { value: unknown }) {
  return (
    <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </Code>
  );
}

const BREADCRUMB_COLORS: Record<string, string> = {
  error: 'red',
  fatal: 'red',
  warning: 'yellow',
  info: 'blue',
  debug: 'gray',
};

const breadcrumbColumns: ColumnDef<Breadcrumb>[] = [
  {
    id: 'hora',
    header: t.breadcrumbCampos.hora,
    meta: { width: 110 },
    cell: ({ row: { original: crumb } }) => (
      <Text
        span
        size="xs"
        ff="monospace"
        title={crumb.timestamp ? formatFechaHora(crumb.timestamp, { segundos: true }) : undefined}
      >
        {crumb.timestamp ? dayjs(crumb.timestamp).format('HH:mm:ss.SSS') : '—'}
      </Text>
    ),
  },
  {
    id: 'categoria',
    header: t.breadcrumbCampos.categoria,
    meta: { width: 150 },
    cell: ({ row: { original: crumb } }) => (
      <>
        {crumb.category ?? crumb.type ?? '—'}
        {crumb.type && crumb.category && crumb.type !== 'default' && (
          <Text span size="xs" c="dimmed">{` (${crumb.type})`}</Text>
        )}
      </>
    ),
  },
  {
    id: 'nivel',
    header: t.breadcrumbCampos.nivel,
    meta: { width: 110 },
    cell: ({ row: { original: crumb } }) =>
      crumb.level && (
        <Badge size="xs" variant="light" color={BREADCRUMB_COLORS[crumb.level] ?? 'gray'}>
          {crumb.level}
        </Badge>
      ),
  },
  {
    id: 'mensaje',
    header: t.breadcrumbCampos.mensaje,
    cell: ({ row: { original: crumb } }) => (
      <div style={{ overflowWrap: 'anywhere' }}>
        {crumb.message}
        {crumb.data && Object.keys(crumb.data).length > 0 && (
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {Object.entries(crumb.data)
              .map(([key, value]) => `${key}: ${asText(value)}`)
              .join(' · ')}
          </Text>
        )}
      </div>
    ),
  },
];

/** The breadcrumbs as a timeline, oldest first, as the SDK recorded them up to the error. */
function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  if (items.length === 0) return <Empty />;
  return (
    <DataTable
      label={t.breadcrumbs}
      columns={breadcrumbColumns}
      rows={items}
      getRowId={(_crumb, index) => String(index)}
      minWidth={640}
      maxHeight={420}
    />
  );
}
