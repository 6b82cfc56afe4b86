import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  RENDIMIENTO_RANGOS,
  type RendimientoFila,
  type RendimientoRango,
} from '@intranet/contract/areas/insights/rendimiento';
import { CountChart } from '../../../components/charts/CountChart.tsx';
import { TableOrCards } from '../../../components/TableOrCards.tsx';
import { formatNumero } from '../../../core/format.ts';
import { HttpError } from '../../../core/http/HttpError.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useEliminarReglaLentitud, useGuardarReglaLentitud, useReglasLentitud, useRendimiento } from './api.ts';
import { formatDuracion } from './cascada.ts';
import { rendimientoMessages as m } from './messages.ts';

const porcentaje = (x: number) => `${(x * 100).toLocaleString('es-AR', { maximumFractionDigits: 1 })} %`;
const porMinuto = (x: number) => x.toLocaleString('es-AR', { maximumFractionDigits: x < 1 ? 3 : 1 });

/** Where a name's recent transactions are listed, with the filters it was chosen under. */
export function recientesUrl(
  proyectoId: number,
  nombre: string,
  f: { rango: RendimientoRango; environment?: string | undefined; release?: string | undefined },
): string {
  const q = new URLSearchParams({ nombre, rango: f.rango });
  if (f.environment) q.set('environment', f.environment);
  if (f.release) q.set('release', f.release);
  return `/insights/proyectos/${proyectoId}/rendimiento?${q}`;
}

/**
 * The project's Rendimiento tab: its transactions grouped by name over a range, their chart and the slowness alerts.
 */
export function RendimientoTab({ proyectoId }: { proyectoId: number }) {
  const [rango, setRango] = useState<RendimientoRango>('24h');
  const [environment, setEnvironment] = useState<string | undefined>();
  const [release, setRelease] = useState<string | undefined>();
  const filtros = { rango, environment, release };
  const datos = useRendimiento(proyectoId, filtros);
  const navigate = useNavigate();
  const serie = (datos.data?.serie ?? []).map((d) => ({ dia: dayjs(d.fecha).format('DD/MM'), cantidad: d.cantidad }));
  const total = serie.reduce((s, d) => s + d.cantidad, 0);
  const ir = (f: RendimientoFila) => navigate(recientesUrl(proyectoId, f.nombre, filtros));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {m.intro}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={m.rango}
          value={rango}
          onChange={(v) => setRango(v as RendimientoRango)}
          data={RENDIMIENTO_RANGOS.map((r) => ({ value: r, label: m.rangos[r] ?? r }))}
        />
        <Select
          label={m.entorno}
          placeholder={m.todos}
          clearable
          data={datos.data?.environments ?? []}
          value={environment ?? null}
          onChange={(v) => setEnvironment(v ?? undefined)}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={m.release}
          placeholder={m.todas}
          clearable
          searchable
          data={datos.data?.releases ?? []}
          value={release ?? null}
          onChange={(v) => setRelease(v ?? undefined)}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      {datos.isPending ? (
        <Loader size="sm" />
      ) : datos.isError ? (
        <Alert color="red" title={m.error}>
          {datos.error.message}
        </Alert>
      ) : (
        <>
          <Box>
            <Title order={2} size="h5" mb="xs">
              {m.grafico}
            </Title>
            <Box role="img" aria-label={m.graficoTexto(formatNumero(total))}>
              <CountChart
                rows={serie}
                x="dia"
                series={[{ key: 'cantidad', label: m.cantidadSerie, color: 'blue.6' }]}
                height={160}
                axisWidth={40}
                format={formatNumero}
              />
            </Box>
          </Box>
          <TableOrCards
            label={m.tab}
            rows={datos.data.filas}
            rowKey={(f) => f.nombre}
            empty={m.vacio}
            minWidth={720}
            striped
            highlightOnHover
            tr={(f) => ({ style: { cursor: 'pointer' }, onClick: () => ir(f) })}
            columns={[
              {
                header: m.columnas.nombre,
                td: { ff: 'monospace', style: { overflowWrap: 'anywhere' } },
                cell: (f) => (
                  <Link
                    to={recientesUrl(proyectoId, f.nombre, filtros)}
                    aria-label={m.verRecientes(f.nombre)}
                    onClick={(e) => e.stopPropagation()}
                  >
                    {f.nombre}
                  </Link>
                ),
              },
              { header: m.columnas.porMinuto, align: 'right', cell: (f) => porMinuto(f.por_minuto) },
              { header: m.columnas.p50, align: 'right', cell: (f) => formatDuracion(f.p50) },
              { header: m.columnas.p75, align: 'right', cell: (f) => formatDuracion(f.p75) },
              { header: m.columnas.p95, align: 'right', cell: (f) => formatDuracion(f.p95) },
              {
                header: m.columnas.fallas,
                align: 'right',
                td: (f) => ({ c: f.tasa_fallas > 0 ? 'red' : undefined }),
                cell: (f) => porcentaje(f.tasa_fallas),
              },
              { header: m.columnas.cantidad, align: 'right', cell: (f) => formatNumero(f.cantidad) },
            ]}
            card={(f) => (
              <>
                <Link to={recientesUrl(proyectoId, f.nombre, filtros)} aria-label={m.verRecientes(f.nombre)}>
                  <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {f.nombre}
                  </Text>
                </Link>
                <Group justify="space-between" mt={4}>
                  <Text size="xs" c="dimmed">
                    {m.columnas.cantidad}: {formatNumero(f.cantidad)} · {m.porMinuto(porMinuto(f.por_minuto))}
                  </Text>
                  <Text size="xs" c={f.tasa_fallas > 0 ? 'red' : 'dimmed'}>
                    {m.columnas.fallas}: {porcentaje(f.tasa_fallas)}
                  </Text>
                </Group>
                <Text size="xs">
                  p50 {formatDuracion(f.p50)} · p75 {formatDuracion(f.p75)} · p95 {formatDuracion(f.p95)}
                </Text>
              </>
            )}
          />
        </>
      )}
      <AlertasLentitud proyectoId={proyectoId} nombres={datos.data?.filas.map((f) => f.nombre) ?? []} />
    </Stack>
  );
}

/** The project's slowness alert rules, and a form to add one (for those who may change the project). */
function AlertasLentitud({ proyectoId, nombres }: { proyectoId: number; nombres: string[] }) {
  const reglas = useReglasLentitud(proyectoId);
  const guardar = useGuardarReglaLentitud(proyectoId);
  const eliminar = useEliminarReglaLentitud(proyectoId);
  const puedeEditar = usePermiso('INSIGHTS#EDITAR');
  const [transaccion, setTransaccion] = useState('');
  const [p95, setP95] = useState<number | string>(1000);
  const [ventana, setVentana] = useState<number | string>(60);
  const [minimo, setMinimo] = useState<number | string>(5);
  const [errores, setErrores] = useState<Record<string, string[]>>({});
  const enviar = () =>
    guardar.mutate(
      { transaccion, p95_ms: Number(p95), ventana_minutos: Number(ventana), minimo: Number(minimo) },
      {
        onSuccess: () => {
          setTransaccion('');
          setErrores({});
          notifications.show({ color: 'green', message: m.alertaGuardada });
        },
        onError: (error) => {
          const campos = error instanceof HttpError ? error.campos : {};
          if (Object.keys(campos).length > 0) setErrores(campos);
          else notifications.show({ color: 'red', message: error.message });
        },
      },
    );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={m.alertas} mt="md">
      <Title order={2} size="h5">
        {m.alertas}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {m.alertasIntro}
      </Text>
      {reglas.isPending ? (
        <Loader size="sm" />
      ) : reglas.isError ? (
        <Alert color="red">{reglas.error.message}</Alert>
      ) : reglas.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {m.sinAlertas}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {reglas.data.map((r) => (
            <Group key={r.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Text span ff="monospace" inherit fw={600}>
                  {r.transaccion}
                </Text>
                : {m.alertaTexto(formatDuracion(r.p95_ms), r.ventana_minutos, r.minimo)}
              </Text>
              {puedeEditar && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={m.eliminarAlerta(r.transaccion)}
                  loading={eliminar.isPending && eliminar.variables === r.id}
                  onClick={() => eliminar.mutate(r.id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {puedeEditar && (
        <Group
          component="form"
          align="flex-start"
          gap="sm"
          mt="sm"
          wrap="wrap"
          onSubmit={(e) => {
            e.preventDefault();
            enviar();
          }}
        >
          <TextInput
            label={m.columnas.nombre}
            value={transaccion}
            onChange={(e) => setTransaccion(e.currentTarget.value)}
            list={`transacciones-${proyectoId}`}
            error={errores.transaccion?.[0]}
            w={{ base: '100%', sm: 260 }}
          />
          <datalist id={`transacciones-${proyectoId}`}>
            {nombres.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
          <NumberInput
            label={m.umbral}
            value={p95}
            onChange={setP95}
            min={1}
            error={errores.p95_ms?.[0]}
            w={{ base: '100%', xs: 170 }}
          />
          <NumberInput
            label={m.ventana}
            value={ventana}
            onChange={setVentana}
            min={5}
            error={errores.ventana_minutos?.[0]}
            w={{ base: '100%', xs: 120 }}
          />
          <NumberInput
            label={m.minimo}
            value={minimo}
            onChange={setMinimo}
            min={1}
            error={errores.minimo?.[0]}
            w={{ base: '100%', xs: 170 }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={guardar.isPending}>
            {m.nuevaAlerta}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
