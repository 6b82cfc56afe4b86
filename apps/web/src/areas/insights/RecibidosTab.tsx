import { Alert, Group, Loader, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  RECIBIDO_RESULTADO_NOMBRES,
  RECIBIDO_RESULTADOS,
  type Recibido,
  type RecibidoResultado,
} from '@intranet/contract/areas/insights';
import { useTelefono } from '../../components/useTelefono.ts';
import { formatFecha, formatNumero } from '../../core/format.ts';
import { useRecibidos } from './api.ts';
import { insightsMessages as t } from './messages.ts';

const r = t.recibidos;
const PERIODOS = [7, 30, 90] as const;

/** One table row: a day and a kind, with each outcome's count and the reasons behind it. */
interface Fila {
  dia: string;
  categoria: string;
  total: number;
  por: Record<RecibidoResultado, { cantidad: number; motivos: { motivo: string; cantidad: number }[] }>;
}

function filasDe(recibidos: Recibido[]): Fila[] {
  const filas = new Map<string, Fila>();
  for (const x of recibidos) {
    const clave = `${x.dia}|${x.categoria}`;
    let fila = filas.get(clave);
    if (!fila) {
      const vacio = () => ({ cantidad: 0, motivos: [] });
      fila = {
        dia: x.dia,
        categoria: x.categoria,
        total: 0,
        por: { aceptado: vacio(), limitado: vacio(), descartado: vacio(), descartado_sdk: vacio() },
      };
      filas.set(clave, fila);
    }
    fila.total += x.cantidad;
    fila.por[x.resultado].cantidad += x.cantidad;
    if (x.motivo) fila.por[x.resultado].motivos.push({ motivo: x.motivo, cantidad: x.cantidad });
  }
  return [...filas.values()];
}

/** The project's "Datos recibidos" tab: per day and kind, what was accepted, limited or dropped, and why. */
export function RecibidosTab({ proyectoId }: { proyectoId: number }) {
  const [dias, setDias] = useState<number>(30);
  const recibidos = useRecibidos(proyectoId, dias);
  const telefono = useTelefono();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {r.intro}
      </Text>
      <Group>
        <SegmentedControl
          aria-label={r.periodo}
          value={String(dias)}
          onChange={(v) => setDias(Number(v))}
          data={PERIODOS.map((n) => ({ value: String(n), label: r.dias(n) }))}
        />
      </Group>
      {recibidos.isPending ? (
        <Loader size="sm" />
      ) : recibidos.isError ? (
        <Alert color="red">{r.error}</Alert>
      ) : recibidos.data.length === 0 ? (
        <Text c="dimmed">{r.vacio}</Text>
      ) : telefono ? (
        <Stack gap="xs" component="ul" aria-label={r.tab} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {filasDe(recibidos.data).map((f) => (
            <Paper key={`${f.dia}-${f.categoria}`} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" mb={4}>
                <Text size="sm" fw={600}>
                  {formatFecha(f.dia)} · <span style={{ fontFamily: 'monospace' }}>{f.categoria}</span>
                </Text>
                <Text size="sm" fw={600}>
                  {formatNumero(f.total)}
                </Text>
              </Group>
              {RECIBIDO_RESULTADOS.filter((res) => f.por[res].cantidad > 0).map((res) => (
                <div key={res}>
                  <Group justify="space-between">
                    <Text size="sm">{RECIBIDO_RESULTADO_NOMBRES[res]}</Text>
                    <Text size="sm">{formatNumero(f.por[res].cantidad)}</Text>
                  </Group>
                  {f.por[res].motivos.map((m) => (
                    <Text key={m.motivo} size="xs" c="dimmed">
                      {r.motivo(m.motivo, formatNumero(m.cantidad))}
                    </Text>
                  ))}
                </div>
              ))}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={r.tab}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{r.dia}</Table.Th>
                <Table.Th>{r.tipo}</Table.Th>
                {RECIBIDO_RESULTADOS.map((res) => (
                  <Table.Th key={res} style={{ textAlign: 'right' }}>
                    {RECIBIDO_RESULTADO_NOMBRES[res]}
                  </Table.Th>
                ))}
                <Table.Th style={{ textAlign: 'right' }}>{r.total}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filasDe(recibidos.data).map((f) => (
                <Table.Tr key={`${f.dia}-${f.categoria}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFecha(f.dia)}</Table.Td>
                  <Table.Td ff="monospace">{f.categoria}</Table.Td>
                  {RECIBIDO_RESULTADOS.map((res) => (
                    <Table.Td key={res} style={{ textAlign: 'right', verticalAlign: 'top' }}>
                      {f.por[res].cantidad > 0 ? formatNumero(f.por[res].cantidad) : '—'}
                      {f.por[res].motivos.map((m) => (
                        <Text key={m.motivo} size="xs" c="dimmed">
                          {r.motivo(m.motivo, formatNumero(m.cantidad))}
                        </Text>
                      ))}
                    </Table.Td>
                  ))}
                  <Table.Td style={{ textAlign: 'right', verticalAlign: 'top' }} fw={600}>
                    {formatNumero(f.total)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
