import { Box, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { chartIndicators, type IndicatorChartData } from './indicatorChartData.ts';

export type IndicatorTableProps = {
  id: string;
  chart: IndicatorChartData;
  formatDate: (date: string) => string;
  formatValue: (value: number) => string;
};

/** The chart's figures as a table: the same days, phases and values, for screen readers and anyone. */
export function IndicatorTable({ id, chart, formatDate, formatValue }: IndicatorTableProps) {
  const { t } = useTranslation();
  const first = chart.days[0]?.date ?? '';
  const last = chart.days[chart.days.length - 1]?.date ?? '';
  return (
    <Box
      id={id}
      maxHeight="24rem"
      overflowY="auto"
      tabIndex={0}
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
    >
      <Table.Root size="sm" stickyHeader>
        <Table.Caption captionSide="top" textAlign="start" padding="2" color="fg.muted">
          {t('profileCharts.tableCaption', { from: formatDate(first), to: formatDate(last) })}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{t('profileCharts.date')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('profileCharts.phase')}</Table.ColumnHeader>
            {chartIndicators.map((indicator) => (
              <Table.ColumnHeader key={indicator} scope="col" textAlign="end">
                {t(`profileCharts.indicators.${indicator}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {chart.days.map((day) => (
            <Table.Row key={day.date}>
              <Table.Cell as="th" scope="row" fontWeight="normal">
                {formatDate(day.date)}
              </Table.Cell>
              <Table.Cell>{day.step ? t(`profileCharts.phases.${day.step}`) : ''}</Table.Cell>
              {chartIndicators.map((indicator) => {
                const value = day.values[indicator];
                return (
                  <Table.Cell
                    key={indicator}
                    textAlign="end"
                    color={
                      value === null ? 'fg.muted' : day.lagging[indicator] ? 'lagging.fg' : 'fg'
                    }
                  >
                    {value === null
                      ? t('profileCharts.noData')
                      : t('profileCharts.percent', { value: formatValue(value) })}
                    {day.lagging[indicator] && (
                      <Box as="span" srOnly>
                        {` (${t('profileCharts.belowLimit')})`}
                      </Box>
                    )}
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
