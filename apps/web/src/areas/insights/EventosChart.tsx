import { Box, Group, SegmentedControl, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { CountChart } from '../../components/charts/CountChart.tsx';
import { formatNumero } from '../../core/format.ts';
import { useSerie } from './api.ts';
import { insightsMessages as t } from './messages.ts';

const PERIODOS = [14, 30, 90] as const;

/** The issue's events per day over the chosen period. */
export function EventosChart({ issueId }: { issueId: number }) {
  const [dias, setDias] = useState<number>(30);
  const serie = useSerie(issueId, dias);
  const data = (serie.data ?? []).map((d) => ({ dia: dayjs(d.fecha).format('DD/MM'), cantidad: d.cantidad }));
  const total = data.reduce((sum, d) => sum + d.cantidad, 0);
  return (
    <Box>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {t.eventosEnElTiempo}
        </Title>
        <SegmentedControl
          size="xs"
          value={String(dias)}
          onChange={(value) => setDias(Number(value))}
          data={PERIODOS.map((n) => ({ value: String(n), label: t.dias(n) }))}
          aria-label={t.eventosEnElTiempo}
        />
      </Group>
      <Box role="img" aria-label={`${t.graficoEventos}: ${formatNumero(total)} en ${t.dias(dias)}`}>
        <CountChart
          rows={data}
          x="dia"
          series={[{ key: 'cantidad', label: t.campos.cantidad, color: 'red.6' }]}
          height={160}
          axisWidth={36}
          format={formatNumero}
        />
      </Box>
      {serie.isError && (
        <Text size="sm" c="red">
          {serie.error.message}
        </Text>
      )}
    </Box>
  );
}
