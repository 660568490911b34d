import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type ChartDay, chartIndicators } from './indicatorChartData.ts';

export type ChartDayDetailsProps = {
  day: ChartDay;
  formatDate: (date: string) => string;
  formatValue: (value: number) => string;
};

/** The tooltip of a day: its date and phase, and each figure, or 'No data'. */
export function ChartDayDetails({ day, formatDate, formatValue }: ChartDayDetailsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="0.5" fontSize="sm">
      <Text fontWeight="semibold" color="fg">
        {formatDate(day.date)}
        {day.step && ` · ${t(`profileCharts.phases.${day.step}`)}`}
      </Text>
      {day.isNoData ? (
        <Text color="fg.muted">{t('profileCharts.noData')}</Text>
      ) : (
        chartIndicators.map((indicator) => {
          const value = day.values[indicator];
          return (
            <HStack key={indicator} justify="space-between" gap="4">
              <Text color="fg.muted">{t(`profileCharts.indicators.${indicator}`)}</Text>
              <Box
                as="span"
                fontWeight="medium"
                color={day.lagging[indicator] ? 'lagging.fg' : 'fg'}
              >
                {value === null
                  ? t('profileCharts.noData')
                  : t('profileCharts.percent', { value: formatValue(value) })}
                {day.lagging[indicator] && ` (${t('profileCharts.belowLimit')})`}
              </Box>
            </HStack>
          );
        })
      )}
    </Stack>
  );
}
