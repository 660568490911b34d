import { laggingLimitPercent } from '@coach/domain';
import { useTranslation } from 'react-i18next';
import { chartColours } from './chartStyle.ts';
import type { IndicatorChartData } from './indicatorChartData.ts';
import { chartMargin, type IndicatorChartLayout } from './indicatorChartLayout.ts';

const gridLines = [0, 25, 50, 75, 100];

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

/** The hatching of the 'no data' days, for the svg's `defs`. */
export function NoDataHatch({ id }: { id: string }) {
  return (
    <pattern
      id={id}
      width="6"
      height="6"
      patternUnits="userSpaceOnUse"
      patternTransform="rotate(45)"
    >
      <line x1="0" y1="0" x2="0" y2="6" stroke={chartColours.noData} strokeWidth="2" />
    </pattern>
  );
}

export type ChartBackdropProps = {
  chart: IndicatorChartData;
  layout: IndicatorChartLayout;
  /** The id of the `NoDataHatch` pattern. */
  hatchId: string;
};

/** What the lines are drawn over: the grid, the hatched 'no data' days, each phase's start and
 * name, and the 70 % lagging line. */
export function ChartBackdrop({ chart, layout, hatchId }: ChartBackdropProps) {
  const { t } = useTranslation();
  const { x, y, band, innerWidth, innerHeight } = layout;
  return (
    <>
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
              y1={-chartMargin.top + 4}
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
    </>
  );
}
