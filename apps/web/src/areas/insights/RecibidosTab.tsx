import { Alert, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  RECIBIDO_RESULTADO_NOMBRES,
  RECIBIDO_RESULTADOS,
  type Recibido,
  type RecibidoResultado,
} from '@intranet/contract/areas/insights';
import { TableOrCards, type TableOrCardsColumn } from '../../components/TableOrCards.tsx';
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
      ) : (
        <TableOrCards
          label={r.tab}
          rows={filasDe(recibidos.data)}
          rowKey={(f) => `${f.dia}-${f.categoria}`}
          empty={r.vacio}
          minWidth={640}
          striped
          columns={[
            { header: r.dia, nowrap: true, cell: (f) => formatFecha(f.dia) },
            { header: r.tipo, td: { ff: 'monospace' }, cell: (f) => f.categoria },
            ...RECIBIDO_RESULTADOS.map(
              (res): TableOrCardsColumn<Fila> => ({
                header: RECIBIDO_RESULTADO_NOMBRES[res],
                align: 'right',
                top: true,
                cell: (f) => (
                  <>
                    {f.por[res].cantidad > 0 ? formatNumero(f.por[res].cantidad) : '—'}
                    {f.por[res].motivos.map((m) => (
                      <Text key={m.motivo} size="xs" c="dimmed">
                        {r.motivo(m.motivo, formatNumero(m.cantidad))}
                      </Text>
                    ))}
                  </>
                ),
              }),
            ),
            { header: r.total, align: 'right', top: true, td: { fw: 600 }, cell: (f) => formatNumero(f.total) },
          ]}
          card={(f) => (
            <>
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
            </>
          )}
        />
      )}
    </Stack>
  );
}
