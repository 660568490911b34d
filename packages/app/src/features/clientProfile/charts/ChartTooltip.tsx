import { Box } from '@chakra-ui/react';
import { ChartDayDetails, type ChartDayDetailsProps } from './ChartDayDetails.tsx';
import { chartMargin, type IndicatorChartLayout } from './indicatorChartLayout.ts';

export type ChartTooltipProps = ChartDayDetailsProps & {
  index: number;
  layout: IndicatorChartLayout;
};

/**
 * The drawn tooltip, beside the day and kept inside the chart; for the eyes only (the chart's
 * status region announces the same details).
 */
export function ChartTooltip({ index, layout, ...details }: ChartTooltipProps) {
  return (
    <Box
      aria-hidden="true"
      data-testid="chart-tooltip"
      position="absolute"
      top="2"
      left={`${Math.min(chartMargin.left + layout.centre(index) + 12, Math.max(0, layout.width - 260))}px`}
      width="15rem"
      padding="2"
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      boxShadow="md"
      pointerEvents="none"
    >
      <ChartDayDetails {...details} />
    </Box>
  );
}
