import { Box } from '@chakra-ui/react';
import { laggingLimitPercent } from '@coach/domain';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartDayDetails } from './ChartDayDetails.tsx';
import { ChartMarker } from './ChartMarker.tsx';
import { chartColours, indicatorStyle } from './chartStyle.ts';
import { chartIndicators, type IndicatorChartData } from './indicatorChartData.ts';
import { useElementWidth } from './useElementWidth.ts';

export type IndicatorChartProps = {
  chart: IndicatorChartData;
  formatDate: (date: string) => string;
  formatValue: (value: number) => string;
};

const height = 260;
const margin = { top: 22, right: 12, bottom: 28, left: 60 };
const gridLines = [0, 25, 50, 75, 100];
// 75 gives way to the lagging limit's own label: the two would overlap.
const yTicks = [0, 25, 50, laggingLimitPercent, 100];
/** Up to this many days every point gets its marker; beyond, only days standing alone do. */
const maxMarkedDays = 31;

/** Consecutive 'no data' days as [first index, count], drawn as one hatched band each. */
function noDataRuns(chart: IndicatorChartData): [number, number][] {
  const runs: [number, number][] = [];
  chart.days.forEach((day, index) => {
    if (!day.isNoData) return;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === index) last[1] += 1;
    else runs.push([index, 1]);
  });
  return runs;
}

/** The day a key moves the tooltip to (from none: the last day), or null for another key. */
function keyMove(key: string, from: number | null, count: number): number | null {
  const start = from ?? count;
  let next: number;
  if (key === 'ArrowLeft') next = start - 1;
  else if (key === 'ArrowRight') next = start + 1;
  else if (key === 'Home') next = 0;
  else if (key === 'End') next = count - 1;
  else return null;
  return Math.min(count - 1, Math.max(0, next));
}

/**
 * Productivity, mental and physical per day (visx over SVG): the 70 % lagging line, each phase's
 * start, hatched 'no data' days and lines broken over them, a tooltip on hover and, for keyboard
 * users, on the arrow keys. Loaded on its own chunk when the profile shows it.
 */
export function IndicatorChart({ chart, formatDate, formatValue }: IndicatorChartProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef);
  const [active, setActive] = useState<number | null>(null);
  const hatchId = useId();
  const helpId = useId();
  const count = chart.days.length;
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand<number>({
    domain: chart.days.map((_, index) => index),
    range: [0, innerWidth],
  });
  const y = scaleLinear<number>({ domain: [0, 100], range: [innerHeight, 0] });
  const band = x.bandwidth();
  const centre = (index: number) => (x(index) ?? 0) + band / 2;
  const tickStep = Math.max(1, Math.ceil(count / Math.max(1, Math.floor(innerWidth / 72))));
  const xTicks = chart.days.map((_, index) => index).filter((index) => index % tickStep === 0);
  const activeDay = active === null ? undefined : chart.days[active];

  const handlePointerMove = (event: PointerEvent<SVGRectElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    const index = Math.floor((event.clientX - left) / Math.max(band, 1e-6));
    setActive(Math.min(count - 1, Math.max(0, index)));
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = keyMove(event.key, active, count);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  return (
    <Box
      ref={containerRef}
      position="relative"
      tabIndex={0}
      role="group"
      aria-label={t('profileCharts.chartLabel', {
        from: formatDate(chart.days[0]?.date ?? ''),
        to: formatDate(chart.days[count - 1]?.date ?? ''),
      })}
      aria-describedby={helpId}
      onKeyDown={handleKeyDown}
      onBlur={() => setActive(null)}
      borderRadius="md"
      _focusVisible={{ outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' }}
    >
      <Box id={helpId} srOnly>
        {t('profileCharts.chartHelp')}
      </Box>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" data-testid="indicator-chart">
          <defs>
            <pattern
              id={hatchId}
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <line x1="0" y1="0" x2="0" y2="6" stroke={chartColours.noData} strokeWidth="2" />
            </pattern>
          </defs>
          <Group left={margin.left} top={margin.top}>
            {gridLines.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={innerWidth}
                y1={y(tick)}
                y2={y(tick)}
                stroke={chartColours.grid}
              />
            ))}
            {noDataRuns(chart).map(([start, length]) => (
              <rect
                key={start}
                data-kind="no-data"
                x={x(start)}
                y={0}
                width={band * length}
                height={innerHeight}
                fill={`url(#${hatchId})`}
                opacity={0.6}
              />
            ))}
            {chart.phases.map((phase) => (
              <g key={phase.date}>
                {phase.index > 0 && (
                  <line
                    x1={x(phase.index)}
                    x2={x(phase.index)}
                    y1={-margin.top + 4}
                    y2={innerHeight}
                    stroke={chartColours.phaseLine}
                    strokeDasharray="2 3"
                  />
                )}
                <text
                  x={(x(phase.index) ?? 0) + 4}
                  y={-8}
                  fontSize="11"
                  fontWeight="600"
                  fill={chartColours.axis}
                >
                  {t(`profileCharts.phases.${phase.step}`)}
                </text>
              </g>
            ))}
            <line
              x1={0}
              x2={innerWidth}
              y1={y(laggingLimitPercent)}
              y2={y(laggingLimitPercent)}
              stroke={chartColours.laggingLine}
              strokeWidth={1.5}
              strokeDasharray="6 4"
            />
            {chartIndicators.map((indicator) =>
              chart.segments[indicator].map((segment) =>
                segment.values.length > 1 ? (
                  <LinePath
                    key={`${indicator}-${segment.startIndex}`}
                    data={segment.values}
                    x={(_, offset) => centre(segment.startIndex + offset)}
                    y={(value) => y(value)}
                    stroke={indicatorStyle[indicator].colour}
                    strokeWidth={2}
                  />
                ) : null,
              ),
            )}
            {chartIndicators.map((indicator) =>
              chart.segments[indicator].flatMap((segment) =>
                count <= maxMarkedDays || segment.values.length === 1
                  ? segment.values.map((value, offset) => (
                      <ChartMarker
                        key={`${indicator}-${chart.days[segment.startIndex + offset]?.date}`}
                        indicator={indicator}
                        x={centre(segment.startIndex + offset)}
                        y={y(value)}
                        size={count <= maxMarkedDays ? 3.5 : 2.5}
                      />
                    ))
                  : [],
              ),
            )}
            {activeDay && active !== null && (
              <g data-kind="active-day">
                <line
                  x1={centre(active)}
                  x2={centre(active)}
                  y1={0}
                  y2={innerHeight}
                  stroke={chartColours.active}
                />
                {chartIndicators.map((indicator) => {
                  const value = activeDay.values[indicator];
                  return value === null ? null : (
                    <ChartMarker
                      key={indicator}
                      indicator={indicator}
                      x={centre(active)}
                      y={y(value)}
                      size={5}
                    />
                  );
                })}
              </g>
            )}
            <AxisLeft
              scale={y}
              tickValues={yTicks}
              tickFormat={(value) => `${value}%`}
              stroke={chartColours.grid}
              tickStroke={chartColours.grid}
              tickLabelProps={(value) => ({
                // A function replaces visx's defaults: the left axis's anchor and offsets again.
                textAnchor: 'end',
                dx: '-0.25em',
                dy: '0.33em',
                fill: value === laggingLimitPercent ? chartColours.laggingLine : chartColours.axis,
                fontSize: 11,
                fontWeight: value === laggingLimitPercent ? 600 : 400,
              })}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={xTicks}
              tickFormat={(index) => formatDate(chart.days[index]?.date ?? '')}
              stroke={chartColours.grid}
              tickStroke={chartColours.grid}
              tickLabelProps={{ fill: chartColours.axis, fontSize: 11 }}
            />
            <rect
              width={innerWidth}
              height={innerHeight}
              fill="transparent"
              onPointerMove={handlePointerMove}
              onPointerLeave={() => setActive(null)}
            />
          </Group>
        </svg>
      )}
      {/* Announced as the arrow keys move; the drawn tooltip below is for the eyes only. */}
      <Box srOnly role="status">
        {activeDay && (
          <ChartDayDetails day={activeDay} formatDate={formatDate} formatValue={formatValue} />
        )}
      </Box>
      {activeDay && active !== null && (
        <Box
          aria-hidden="true"
          data-testid="chart-tooltip"
          position="absolute"
          top="2"
          left={`${Math.min(margin.left + centre(active) + 12, Math.max(0, width - 260))}px`}
          width="15rem"
          padding="2"
          bg="bg"
          borderWidth="1px"
          borderColor="border"
          borderRadius="md"
          boxShadow="md"
          pointerEvents="none"
        >
          <ChartDayDetails day={activeDay} formatDate={formatDate} formatValue={formatValue} />
        </Box>
      )}
    </Box>
  );
}
