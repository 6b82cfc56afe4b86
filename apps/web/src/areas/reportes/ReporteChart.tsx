import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { mesEtiqueta, type ReporteResultado } from '@intranet/contract/reportes';
import { countAxisProps } from '../../components/charts/countAxis.ts';
import { formatNumero } from '../../core/format.ts';
import { reportesMessages as t } from './messages.ts';

/** Colours of the series whose meaning gives them none, in order. */
const PALETA = ['blue.6', 'teal.6', 'orange.5', 'grape.6', 'cyan.6', 'red.6', 'lime.7', 'indigo.4'];

/** A report's chart as its catalogue entry declares it: bars, stacked bars or lines of its series over its x column. */
export function ReporteChart({ nombre, resultado }: { nombre: string; resultado: ReporteResultado }) {
  const { grafico, columnas, filas } = resultado;
  const esMes = columnas.find((c) => c.clave === grafico.x)?.tipo === 'mes';
  const data = filas.map((f) => ({ ...f, [grafico.x]: esMes && typeof f[grafico.x] === 'string' ? mesEtiqueta(f[grafico.x] as string) : f[grafico.x] }));
  const series = grafico.series.map((clave, i) => ({
    name: clave,
    label: columnas.find((c) => c.clave === clave)?.titulo ?? clave,
    color: grafico.colores?.[clave] ?? PALETA[i % PALETA.length]!,
  }));
  const valores = filas.map((f) => grafico.series.map((clave) => (typeof f[clave] === 'number' ? f[clave] : 0)));
  const alto = Math.max(0, ...valores.map((v) => (grafico.tipo === 'barras_apiladas' ? v.reduce((a, b) => a + b, 0) : Math.max(0, ...v))));
  const comunes = {
    h: 320,
    data,
    dataKey: grafico.x,
    series,
    tickLine: 'y',
    gridAxis: 'y',
    withLegend: true,
    legendProps: { verticalAlign: 'bottom', height: 40 },
    yAxisProps: countAxisProps(alto, 40),
    valueFormatter: (v: number) => formatNumero(v),
  } as const;
  return (
    <Box role="img" aria-label={t.graficoAria(nombre, filas.length)} data-grafico={grafico.tipo}>
      {grafico.tipo === 'lineas' ? (
        <LineChart {...comunes} curveType="linear" withDots />
      ) : (
        <BarChart {...comunes} type={grafico.tipo === 'barras_apiladas' ? 'stacked' : 'default'} barProps={{ radius: 2 }} />
      )}
    </Box>
  );
}
