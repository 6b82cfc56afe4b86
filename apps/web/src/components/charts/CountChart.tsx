import { Box, ColorSwatch, Group, Text, getThemeColor, useMantineTheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group as SvgGroup } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarGroup, BarStack, LinePath } from '@visx/shape';
import { countTicks } from './countAxis.ts';

/** One series of a chart: the row's key it reads, its name in the legend and titles, a Mantine colour ('orange.6'). */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export type ChartKind = 'bars' | 'stacked' | 'lines';
export type ChartRow = Record<string, string | number | null | undefined>;
type Point = Record<string, number | string> & { category: string };
const count = (p: Point, key: string) => Number(p[key]);

/** The class every chart carries (the bundle bench waits for it). */
export const CHART_CLASS = 'grafico-conteo';
/** Width drawn before the container is measured (and in tests, where nothing is laid out). */
const FALLBACK_WIDTH = 600;
const TICK_LABEL = { fill: 'var(--mantine-color-dimmed)', fontSize: 12, fontFamily: 'inherit' } as const;
const GRID = 'var(--mantine-color-default-border)';

interface CountChartProps {
  kind?: ChartKind;
  rows: ChartRow[];
  /** The key of each row's category, written under its bar or point. */
  x: string;
  series: ChartSeries[];
  height: number;
  /** Room for the count axis' labels, in pixels. */
  axisWidth: number;
  legend?: boolean;
  format?: (value: number) => string;
}

/**
 * Counts per category as bars (side by side or stacked) or lines, over a count axis of whole, evenly spaced ticks.
 * As wide as its container; each bar and point names its category, series and value on hover.
 */
export function CountChart({
  kind = 'bars',
  rows,
  x,
  series,
  height,
  axisWidth,
  legend = false,
  format = String,
}: CountChartProps) {
  const theme = useMantineTheme();
  const { ref, width: measured } = useElementSize();
  const width = measured || FALLBACK_WIDTH;
  const keys = series.map((s) => s.key);
  const colorOf = (key: string) => getThemeColor(series.find((s) => s.key === key)?.color, theme);
  const labelOf = (key: string) => series.find((s) => s.key === key)?.label ?? key;
  const points: Point[] = rows.map((row) => {
    const values = Object.fromEntries(keys.map((key) => [key, typeof row[key] === 'number' ? row[key] : 0]));
    return { ...values, category: String(row[x] ?? '') };
  });
  const highest = Math.max(
    0,
    ...points.map((p) =>
      kind === 'stacked'
        ? keys.reduce((sum, key) => sum + count(p, key), 0)
        : Math.max(0, ...keys.map((key) => count(p, key))),
    ),
  );
  const ticks = countTicks(highest);

  const margin = { top: 8, right: 12, bottom: 24, left: axisWidth };
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const xScale = scaleBand<string>({
    domain: points.map((p) => p.category),
    range: [0, innerWidth],
    padding: kind === 'lines' ? 0 : 0.2,
  });
  const yScale = scaleLinear<number>({ domain: [0, ticks[ticks.length - 1]!], range: [innerHeight, 0] });
  const seriesScale = scaleBand<string>({ domain: keys, range: [0, xScale.bandwidth()], padding: 0.1 });
  const center = (p: Point) => (xScale(p.category) ?? 0) + xScale.bandwidth() / 2;
  const title = (p: Point, key: string) => `${p.category} · ${labelOf(key)}: ${format(count(p, key))}`;
  // Every nth category is written under the axis, so that the labels never overlap.
  const labelWidth = Math.max(0, ...points.map((p) => p.category.length)) * 7 + 12;
  const every = Math.max(1, Math.ceil(labelWidth / Math.max(1, xScale.step())));

  return (
    <Box ref={ref}>
      <svg
        className={CHART_CLASS}
        width="100%"
        height={height}
        aria-hidden="true"
        focusable="false"
        style={{ display: 'block', overflow: 'visible' }}
      >
        <SvgGroup left={margin.left} top={margin.top}>
          <GridRows scale={yScale} width={innerWidth} tickValues={ticks} stroke={GRID} strokeDasharray="4 4" />
          {kind === 'stacked' ? (
            <BarStack<Point, string>
              data={points}
              keys={keys}
              x={(p) => p.category}
              xScale={xScale}
              yScale={yScale}
              color={colorOf}
            >
              {(stacks) =>
                stacks.map((stack) =>
                  stack.bars.map((bar) => (
                    <rect
                      key={`${stack.key}-${bar.index}`}
                      x={bar.x}
                      y={bar.y}
                      width={bar.width}
                      height={Math.max(0, bar.height)}
                      rx={2}
                      fill={bar.color}
                    >
                      <title>{title(bar.bar.data, stack.key)}</title>
                    </rect>
                  )),
                )
              }
            </BarStack>
          ) : kind === 'bars' ? (
            <BarGroup<Point, string>
              data={points}
              keys={keys}
              height={innerHeight}
              x0={(p) => p.category}
              x0Scale={xScale}
              x1Scale={seriesScale}
              yScale={yScale}
              color={colorOf}
            >
              {(groups) =>
                groups.map((group) => (
                  <SvgGroup key={group.index} left={group.x0}>
                    {group.bars.map((bar) => (
                      <rect
                        key={bar.key}
                        x={bar.x}
                        y={bar.y}
                        width={bar.width}
                        height={Math.max(0, bar.height)}
                        rx={2}
                        fill={bar.color}
                      >
                        <title>{title(points[group.index]!, bar.key)}</title>
                      </rect>
                    ))}
                  </SvgGroup>
                ))
              }
            </BarGroup>
          ) : (
            series.map((s) => (
              <g key={s.key}>
                <LinePath<Point>
                  data={points}
                  x={center}
                  y={(p) => yScale(count(p, s.key))}
                  stroke={colorOf(s.key)}
                  strokeWidth={2}
                  fill="none"
                />
                {points.map((p) => (
                  <circle
                    key={p.category}
                    cx={center(p)}
                    cy={yScale(count(p, s.key))}
                    r={3.5}
                    fill={colorOf(s.key)}
                    stroke="var(--mantine-color-body)"
                    strokeWidth={1}
                  >
                    <title>{title(p, s.key)}</title>
                  </circle>
                ))}
              </g>
            ))
          )}
          <AxisLeft
            scale={yScale}
            tickValues={ticks}
            tickFormat={(v) => format(Number(v))}
            hideAxisLine
            tickStroke={GRID}
            tickLength={4}
            tickLabelProps={{ ...TICK_LABEL, dx: -2 }}
          />
          <AxisBottom
            scale={xScale}
            top={innerHeight}
            tickValues={points.filter((_, i) => i % every === 0).map((p) => p.category)}
            stroke={GRID}
            hideTicks
            tickLabelProps={{ ...TICK_LABEL, textAnchor: 'middle' }}
          />
        </SvgGroup>
      </svg>
      {legend && (
        <Group justify="center" gap="md" mt="xs">
          {series.map((s) => (
            <Group key={s.key} gap={6} wrap="nowrap">
              <ColorSwatch color={colorOf(s.key)} size={10} withShadow={false} />
              <Text size="xs">{s.label}</Text>
            </Group>
          ))}
        </Group>
      )}
    </Box>
  );
}
