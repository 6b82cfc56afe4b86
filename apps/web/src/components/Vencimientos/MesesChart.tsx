import { Box, Group, Paper, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { VencimientoMeses } from '@intranet/contract/areas/clientes/vencimientos';
import { CountChart } from '../charts/CountChart.tsx';
import { vencimientoMessages as t } from '../messages.ts';

const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const etiqueta = (mes: string) => {
  const [y, m] = mes.split('-');
  return `${MESES[Number(m) - 1]} ${y!.slice(2)}`;
};

/** The month counts of an expiry grid (the clients' and the sites' grids answer the same shape). */
type MesesConsulta = Pick<UseQueryResult<VencimientoMeses, Error>, 'data' | 'isError' | 'error'>;

/** How many items fall due in each of the next 12 months, above an expiry grid. */
export function MesesChart({ meses }: { meses: MesesConsulta }) {
  const data = (meses.data?.meses ?? []).map((m) => ({ mes: etiqueta(m.mes), cantidad: m.cantidad }));
  const total = data.reduce((sum, d) => sum + d.cantidad, 0);
  const vencidos = meses.data?.vencidos ?? 0;
  return (
    <Paper withBorder p="sm" mb="md">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h5">
          {t.grafico}
        </Title>
        {vencidos > 0 && (
          <Text size="sm" c="red" fw={600}>
            {t.yaVencidos(vencidos)}
          </Text>
        )}
      </Group>
      <Box role="img" aria-label={t.graficoAria(total, vencidos)}>
        <CountChart
          rows={data}
          x="mes"
          series={[{ key: 'cantidad', label: t.cantidad, color: 'orange.6' }]}
          height={140}
          axisWidth={30}
        />
      </Box>
      {meses.isError && (
        <Text size="sm" c="red">
          {meses.error?.message}
        </Text>
      )}
    </Paper>
  );
}
