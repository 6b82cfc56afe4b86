import { Alert, Anchor, Badge, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LOG_NIVEL_NOMBRES, LOG_NIVELES, type LogItem, type LogNivel } from '@intranet/contract/areas/insights/logs';
import { TableOrCards } from '../../../components/TableOrCards.tsx';
import { useTelefono } from '../../../components/useTelefono.ts';
import { formatFechaHora } from '../../../core/format.ts';
import { type FiltrosLogs, useLogs } from './api.ts';
import { logsMessages as m } from './messages.ts';

const COLORES: Record<LogNivel, string> = {
  trace: 'gray',
  debug: 'gray',
  info: 'blue',
  warn: 'yellow',
  error: 'red',
  fatal: 'red',
};

type Periodo = keyof typeof m.periodos;
const HORAS: Record<Periodo, number | null> = { '1h': 1, '24h': 24, '7d': 168, '30d': 720, todo: null };
const PERIODOS = Object.keys(m.periodos) as Periodo[];

/** The period's start, fixed when it is chosen (a moving start would be a new query on every render). */
const desdeDe = (p: Periodo): string | undefined => {
  const horas = HORAS[p];
  return horas === null ? undefined : new Date(Date.now() - horas * 3_600_000).toISOString();
};

function NivelLog({ nivel }: { nivel: LogNivel }) {
  return (
    <Badge color={COLORES[nivel]} variant={nivel === 'fatal' ? 'filled' : 'light'} size="sm" radius="sm">
      {LOG_NIVEL_NOMBRES[nivel]}
    </Badge>
  );
}

/** The log's attributes but Sentry's own (sdk, release, environment, template), as `clave=valor`. */
function Atributos({ log }: { log: LogItem }) {
  const propios = Object.entries(log.atributos).filter(([k]) => !k.startsWith('sentry.'));
  if (propios.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {propios.map(([k, v]) => `${k}=${String(v.value)}`).join(' ')}
    </Text>
  );
}

/** The log's trace (its page) and the error sent in it, when there is one. */
function Traza({ log }: { log: LogItem }) {
  if (!log.trace_id) return <Text size="sm">{m.sinTraza}</Text>;
  return (
    <Group gap="xs" wrap="wrap">
      <Anchor
        component={Link}
        to={`/insights/trazas/${log.trace_id}`}
        size="sm"
        ff="monospace"
        aria-label={`${m.verTraza} ${log.trace_id}`}
      >
        {log.trace_id.slice(0, 8)}
      </Anchor>
      {log.evento && (
        <Anchor component={Link} to={`/insights/${log.evento.issue_id}?evento=${log.evento.event_id}`} size="sm">
          {m.verError}
        </Anchor>
      )}
    </Group>
  );
}

/** A project's Logs tab: by level, text and period, newest first, a page more on "Ver más". Cards on a phone. */
export function LogsTab({ proyectoId }: { proyectoId: number }) {
  const telefono = useTelefono();
  const [nivel, setNivel] = useState<LogNivel | null>(null);
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [periodo, setPeriodo] = useState<{ p: Periodo; desde: string | undefined }>(() => ({
    p: '24h',
    desde: desdeDe('24h'),
  }));
  const filtros: FiltrosLogs = {
    ...(nivel ? { nivel } : {}),
    ...(q ? { q } : {}),
    ...(periodo.desde ? { desde: periodo.desde } : {}),
  };
  const logs = useLogs(proyectoId, filtros);
  const items = logs.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {m.intro}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={m.nivel}
          placeholder={m.todos}
          clearable
          value={nivel}
          onChange={(v) => setNivel(v as LogNivel | null)}
          data={LOG_NIVELES.map((n) => ({ value: n, label: LOG_NIVEL_NOMBRES[n] }))}
          w={telefono ? '100%' : 180}
        />
        <TextInput
          label={m.texto}
          placeholder={m.textoPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={texto}
          onChange={(e) => setTexto(e.currentTarget.value)}
          maxLength={200}
          w={telefono ? '100%' : 280}
        />
        <Select
          label={m.periodo}
          value={periodo.p}
          allowDeselect={false}
          onChange={(v) => {
            const p = (v ?? '24h') as Periodo;
            setPeriodo({ p, desde: desdeDe(p) });
          }}
          data={PERIODOS.map((p) => ({ value: p, label: m.periodos[p] }))}
          w={telefono ? '100%' : 200}
        />
      </Group>
      {logs.isPending ? (
        <Loader size="sm" />
      ) : logs.isError ? (
        <Alert color="red">{m.error}</Alert>
      ) : (
        <TableOrCards
          label={m.tab}
          rows={items}
          rowKey={(l) => l.id}
          empty={m.vacio}
          minWidth={720}
          striped
          columns={[
            {
              header: m.fecha,
              nowrap: true,
              top: true,
              cell: (l) => formatFechaHora(l.fecha, { segundos: true }),
            },
            { header: m.nivel, top: true, cell: (l) => <NivelLog nivel={l.nivel} /> },
            {
              header: m.mensaje,
              top: true,
              cell: (l) => (
                <>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {l.cuerpo}
                  </Text>
                  <Atributos log={l} />
                </>
              ),
            },
            { header: m.traza, top: true, cell: (l) => <Traza log={l} /> },
          ]}
          card={(l) => (
            <>
              <Group justify="space-between" gap="xs" mb={4}>
                <NivelLog nivel={l.nivel} />
                <Text size="xs" c="dimmed">
                  {formatFechaHora(l.fecha, { segundos: true })}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {l.cuerpo}
              </Text>
              <Atributos log={l} />
              <Group gap="xs" mt={4}>
                <Text size="xs" c="dimmed">
                  {m.traza}:
                </Text>
                <Traza log={l} />
              </Group>
            </>
          )}
        />
      )}
      {logs.hasNextPage && (
        <Group>
          <Button variant="default" loading={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()}>
            {m.verMas}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
