import { Box } from '@mantine/core';
import { area, curveMonotoneX, line } from 'd3-shape';
import { insightsMessages as t } from './messages.ts';

const ANCHO = 96;
const ALTO = 28;
const TRAZO = 1.5;

/**
 * The last 14 days as a small line; the total is what a screen reader hears. An SVG path drawn by d3-shape
 * (monotone, as the chart library drew it): a charting library's chunk (80 kB gzip) for a line of 14 points
 * was most of what the home screen transferred, and the monitor's list drew one per row.
 */
export function SerieSparkline({ serie }: { serie: number[] }) {
  const total = serie.reduce((sum, n) => sum + n, 0);
  const max = Math.max(1, ...serie);
  const x = (_: number, i: number) => (serie.length > 1 ? (i / (serie.length - 1)) * ANCHO : ANCHO / 2);
  const y = (n: number) => ALTO - TRAZO - (n / max) * (ALTO - 2 * TRAZO);
  const color = total > 0 ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-4)';
  return (
    <Box role="img" aria-label={t.serieTexto(total)} title={t.serieTexto(total)} w={ANCHO}>
      <svg
        width={ANCHO}
        height={ALTO}
        viewBox={`0 0 ${ANCHO} ${ALTO}`}
        aria-hidden="true"
        focusable="false"
        style={{ display: 'block' }}
      >
        <path
          d={area<number>().x(x).y0(ALTO).y1(y).curve(curveMonotoneX)(serie) ?? ''}
          fill={color}
          fillOpacity={0.35}
        />
        <path
          d={line<number>().x(x).y(y).curve(curveMonotoneX)(serie) ?? ''}
          fill="none"
          stroke={color}
          strokeWidth={TRAZO}
        />
      </svg>
    </Box>
  );
}
