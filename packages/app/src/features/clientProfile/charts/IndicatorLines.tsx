import { LinePath } from '@visx/shape';
import { ChartMarker } from './ChartMarker.tsx';
import { indicatorStyle } from './chartStyle.ts';
import { chartIndicators, type IndicatorChartData } from './indicatorChartData.ts';
import type { IndicatorChartLayout } from './indicatorChartLayout.ts';

/** Up to this many days every point gets its marker; beyond, only days standing alone do. */
const maxMarkedDays = 31;

export type IndicatorLinesProps = {
  chart: IndicatorChartData;
  layout: IndicatorChartLayout;
};

/** Each indicator's line, broken over the 'no data' days, then the points' markers. */
export function IndicatorLines({ chart, layout }: IndicatorLinesProps) {
  const { y, centre } = layout;
  const count = chart.days.length;
  return (
    <>
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
    </>
  );
}
