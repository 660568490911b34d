import { HStack } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { type ChartRange, chartRangeNames } from './chartRange.ts';

export type RangeChoiceProps = { value: ChartRange; onChange: (range: ChartRange) => void };

/** The date range of the chart: 7, 30, 90 days or the whole journey (toggle buttons). */
export function RangeChoice({ value, onChange }: RangeChoiceProps) {
  const { t } = useTranslation();
  return (
    <HStack role="group" aria-label={t('profileCharts.rangeLabel')} gap="1">
      {chartRangeNames.map((range) => (
        <Button
          key={range}
          size="sm"
          variant={range === value ? 'primary' : 'ghost'}
          aria-pressed={range === value}
          onClick={() => onChange(range)}
        >
          {t(`profileCharts.ranges.${range}`)}
        </Button>
      ))}
    </HStack>
  );
}
