import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import type { SaludAlerta, SaludRelease } from '@intranet/contract/areas/insights';
import { CountChart } from '../../../components/charts/CountChart.tsx';
import { TableOrCards } from '../../../components/TableOrCards.tsx';
import { formatNumero } from '../../../core/format.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useGuardarAlertaSalud, useSaludReleases } from './api.ts';
import { saludMessages as s } from './messages.ts';

const PERIODOS = [1, 7, 14, 30] as const;

/** Below the project's alert threshold: shown in red. */
const color = (v: number | null, umbral: number) => (v === null ? 'gray' : v < umbral ? 'red' : 'green');

/**
 * The Releases tab's health section: per release, its sessions of the chosen period, crash-free sessions and users,
 * adoption, and its sessions per day on demand. A table on desktop, cards on phones; and the crash-free alert.
 */
export function SaludReleases({ proyectoId }: { proyectoId: number }) {
  const [dias, setDias] = useState<number>(14);
  const [entorno, setEntorno] = useState<string | null>(null);
  const salud = useSaludReleases(proyectoId, dias, entorno);
  // The environments seen in the period; the chosen one stays listed even when it has none there.
  const entornos = [...new Set([...(salud.data?.entornos ?? []), ...(entorno === null ? [] : [entorno])])].sort();
  const puedeEditar = usePermiso('INSIGHTS#EDITAR');
  const [abierta, setAbierta] = useState<string | null>(null);
  const alternar = (version: string) => setAbierta((a) => (a === version ? null : version));
  const umbral = salud.data?.alerta.umbral ?? 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={s.titulo}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {s.titulo}
        </Title>
        <Group gap="xs" wrap="wrap">
          {entornos.length > 0 && (
            <Select
              size="xs"
              aria-label={s.entorno}
              placeholder={`${s.entorno}: ${s.todosLosEntornos}`}
              clearable
              value={entorno}
              onChange={setEntorno}
              data={entornos}
              w={180}
            />
          )}
          <SegmentedControl
            size="xs"
            aria-label={s.periodo}
            value={String(dias)}
            onChange={(v) => setDias(Number(v))}
            data={PERIODOS.map((n) => ({ value: String(n), label: s.periodos[n] ?? String(n) }))}
          />
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {s.intro}
      </Text>
      {salud.isPending ? (
        <Loader size="sm" />
      ) : salud.isError ? (
        <Alert color="red">{`${s.error}: ${salud.error.message}`}</Alert>
      ) : (
        <TableOrCards
          label={s.titulo}
          rows={salud.data.releases}
          rowKey={(r) => r.version}
          empty={s.vacio}
          emptySize="sm"
          minWidth={640}
          verticalSpacing="xs"
          columns={[
            {
              width: 36,
              cell: (r) => (
                <ActionIcon
                  variant="subtle"
                  aria-label={s.verDias(r.version)}
                  aria-expanded={abierta === r.version}
                  onClick={() => alternar(r.version)}
                >
                  {abierta === r.version ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                </ActionIcon>
              ),
            },
            {
              header: s.release,
              td: { ff: 'monospace', style: { overflowWrap: 'anywhere' } },
              cell: (r) => r.version,
            },
            {
              header: s.sinCaidasSesiones,
              align: 'right',
              cell: (r) => (
                <Badge variant="light" color={color(r.crash_free_sesiones, umbral)}>
                  {s.porcentaje(r.crash_free_sesiones)}
                </Badge>
              ),
            },
            { header: s.sinCaidasUsuarios, align: 'right', cell: (r) => s.porcentaje(r.crash_free_usuarios) },
            { header: s.adopcion, align: 'right', cell: (r) => s.porcentaje(r.adopcion) },
            { header: s.sesiones, align: 'right', cell: (r) => formatNumero(r.sesiones) },
            { header: s.caidas, align: 'right', cell: (r) => formatNumero(r.crashed) },
            { header: s.conErrores, align: 'right', cell: (r) => formatNumero(r.errored) },
          ]}
          below={(r) => (abierta === r.version ? <SerieSesiones release={r} /> : null)}
          card={(r) => (
            <>
              <Text size="sm" fw={600} ff="monospace" mb={4} style={{ overflowWrap: 'anywhere' }}>
                {r.version}
              </Text>
              <SimpleGrid cols={2} spacing="xs" mb="xs">
                <Dato label={s.sinCaidasSesiones}>
                  <Badge variant="light" color={color(r.crash_free_sesiones, umbral)}>
                    {s.porcentaje(r.crash_free_sesiones)}
                  </Badge>
                </Dato>
                <Dato label={s.sinCaidasUsuarios}>{s.porcentaje(r.crash_free_usuarios)}</Dato>
                <Dato label={s.adopcion}>{s.porcentaje(r.adopcion)}</Dato>
                <Dato label={s.sesiones}>{formatNumero(r.sesiones)}</Dato>
              </SimpleGrid>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={abierta === r.version ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                aria-label={s.verDias(r.version)}
                aria-expanded={abierta === r.version}
                onClick={() => alternar(r.version)}
              >
                {s.verDiasCorto}
              </Button>
              {abierta === r.version && <SerieSesiones release={r} />}
            </>
          )}
        />
      )}
      {puedeEditar && salud.data && (
        <AlertaForm
          key={`${salud.data.alerta.umbral}-${salud.data.alerta.minimo_sesiones}`}
          proyectoId={proyectoId}
          alerta={salud.data.alerta}
        />
      )}
    </Paper>
  );
}

/** A release's sessions per day: those without a crash and those that crashed, stacked. */
function SerieSesiones({ release }: { release: SaludRelease }) {
  const rows = release.serie.map((d) => ({
    dia: dayjs(d.dia).format('DD/MM'),
    sanas: d.sesiones - d.crashed,
    caidas: d.crashed,
  }));
  return (
    <Box
      role="img"
      mt="xs"
      aria-label={s.grafico(release.version, formatNumero(release.sesiones), formatNumero(release.crashed))}
    >
      <CountChart
        kind="stacked"
        rows={rows}
        x="dia"
        series={[
          { key: 'sanas', label: s.sinCaidasSesiones, color: 'teal.6' },
          { key: 'caidas', label: s.caidas, color: 'red.6' },
        ]}
        height={160}
        axisWidth={40}
        legend
        format={formatNumero}
      />
    </Box>
  );
}

function AlertaForm({ proyectoId, alerta }: { proyectoId: number; alerta: SaludAlerta }) {
  const [umbral, setUmbral] = useState<number | string>(alerta.umbral);
  const [minimo, setMinimo] = useState<number | string>(alerta.minimo_sesiones);
  const guardar = useGuardarAlertaSalud(proyectoId);
  const enviar = () =>
    guardar.mutate(
      { umbral: Number(umbral), minimo_sesiones: Number(minimo) },
      {
        onSuccess: () => notifications.show({ color: 'green', title: s.guardada, message: '' }),
        onError: (error) => notifications.show({ color: 'red', title: s.errorGuardar, message: error.message }),
      },
    );
  return (
    <Box component="section" aria-label={s.alerta} mt="md">
      <Text size="sm" fw={600}>
        {s.alerta}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {s.alertaTexto}
      </Text>
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={s.umbral}
          value={umbral}
          onChange={setUmbral}
          min={0}
          max={100}
          decimalScale={2}
          w={130}
          size="xs"
        />
        <NumberInput
          label={s.minimo}
          value={minimo}
          onChange={setMinimo}
          min={1}
          allowDecimal={false}
          w={150}
          size="xs"
        />
        <Button size="xs" onClick={enviar} loading={guardar.isPending}>
          {s.guardar}
        </Button>
      </Group>
    </Box>
  );
}

function Dato({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
