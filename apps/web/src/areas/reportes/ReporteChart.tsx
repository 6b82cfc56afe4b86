import { Box } from '@mantine/core';
import { mesEtiqueta, type ReporteResultado } from '@intranet/contract/areas/reportes';
import { CountChart, type ChartKind } from '../../components/charts/CountChart.tsx';
import { formatNumero } from '../../core/format.ts';
import { reportesMessages as t } from './messages.ts';

/** Colours of the series whose meaning gives them none, in order. */
const PALETA = ['blue.6', 'teal.6', 'orange.5', 'grape.6', 'cyan.6', 'red.6', 'lime.7', 'indigo.4'];
const TIPOS: Record<ReporteResultado['grafico']['tipo'], ChartKind> = {
  barras: 'bars',
  barras_apiladas: 'stacked',
  lineas: 'lines',
};

/** A report's chart as its catalogue entry declares it: bars, stacked bars or lines of its series over its x column. */
export function ReporteChart({ nombre, resultado }: { nombre: string; resultado: ReporteResultado }) {
  const { grafico, columnas, filas } = resultado;
  const esMes = columnas.find((c) => c.clave === grafico.x)?.tipo === 'mes';
  const data = filas.map((f) => ({
    ...f,
    [grafico.x]: esMes && typeof f[grafico.x] === 'string' ? mesEtiqueta(f[grafico.x] as string) : f[grafico.x],
  }));
  const series = grafico.series.map((clave, i) => ({
    key: clave,
    label: columnas.find((c) => c.clave === clave)?.titulo ?? clave,
    color: grafico.colores?.[clave] ?? PALETA[i % PALETA.length]!,
  }));
  return (
    <Box role="img" aria-label={t.graficoAria(nombre, filas.length)} data-grafico={grafico.tipo}>
      <CountChart
        kind={TIPOS[grafico.tipo]}
        rows={data}
        x={grafico.x}
        series={series}
        height={280}
        axisWidth={40}
        legend
        format={formatNumero}
      />
    </Box>
  );
}
