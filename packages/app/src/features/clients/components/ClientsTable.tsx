import { Box, Stack, Text } from '@chakra-ui/react';
import { Button, SortableTable, type SortableTableSort } from '@coach/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';
import {
  type ClientRow,
  indicatorAverages,
  indicatorColumns,
} from '../../../core/clientList/index.ts';
import type { LiveChanges } from '../../../core/liveCues/index.ts';
import { useLocale } from '../../../i18n/locale.ts';
import { useClientColumns } from '../hooks/useClientColumns.tsx';
import { handleRowArrowKeys } from '../hooks/useListKeyboard.ts';
import { IndicatorMeter } from './FigureCells.tsx';
import { useRowDetailsTooltip } from './RowDetailsTooltip.tsx';

/**
 * Half the table's usual padding between columns (ten of them fit from 1004 px, their headers
 * still 1 rem apart) and between a row's lines and its borders (rows of two lines: 12 whole rows
 * on a 1440 x 900 screen, 14 on 1920 x 1080).
 */
const compactCells = {
  '& table > thead > tr > th[class], & table > tbody > tr > td[class], & table > tbody > tr[data-kind] > td':
    { paddingInline: '2' },
  '& table > tbody > tr > td[class], & table > tbody > tr[data-kind] > td': { paddingBlock: '2' },
};

/** A row's height at 16 px text (1920 px), the virtualiser's estimate before it measures. */
const clientRowHeight = 55;

export type ClientsTableProps = {
  /** The rows shown (filtered), most urgent first. */
  rows: readonly ClientRow[];
  /** Every client of the coach: the averages row reads them all, whatever the filter. */
  allRows: readonly ClientRow[];
  formats: ClientFormats;
  /** The cells a live message just changed (their cue). */
  changes: LiveChanges;
  isLoading: boolean;
  sort: SortableTableSort | null;
  onSortChange: (sort: SortableTableSort) => void;
  onOpen: (row: ClientRow) => void;
  emptyState: ReactNode;
};

/** The clients table: a row per client, the averages row on top, arrow keys between rows. */
export function ClientsTable({
  rows,
  allRows,
  formats,
  changes,
  isLoading,
  sort,
  onSortChange,
  onOpen,
  emptyState,
}: ClientsTableProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns = useClientColumns(formats, changes);
  const details = useRowDetailsTooltip();
  const averages = indicatorAverages(allRows);
  const customRow =
    allRows.length > 0
      ? {
          cells: {
            name: <Text textStyle="sm">{t('clients.average')}</Text>,
            ...Object.fromEntries(
              indicatorColumns.map((indicator) => [
                indicator,
                <IndicatorMeter
                  key={indicator}
                  value={averages[indicator]}
                  label={`${t('clients.average')}: ${t(`clients.columns.${indicator}`)}`}
                  formats={formats}
                />,
              ]),
            ),
          },
        }
      : undefined;
  return (
    // Arrow keys and j/k pressed on a row (the rows are the focusable elements) move to the next;
    // a focused row shows its details. The table fills the screen's height below the toolbar,
    // its header row sticky while the rows scroll.
    <Box
      onKeyDown={(event) => {
        handleRowArrowKeys(event);
        details.handlers.onKeyDown(event);
      }}
      onFocus={details.handlers.onFocus}
      onBlur={details.handlers.onBlur}
      css={compactCells}
      flex="1"
      minHeight="16rem"
      display="flex"
      flexDirection="column"
    >
      <SortableTable
        data={rows}
        columns={columns}
        getRowId={(row) => row.clientId}
        initialSort={sort ?? undefined}
        onSortChange={onSortChange}
        onRowClick={onOpen}
        customRow={customRow}
        emptyState={emptyState}
        isLoading={isLoading}
        loadingRowCount={8}
        aria-label={t('clients.tableLabel')}
        locale={locale}
        sortLabels={{
          sortAscending: t('clients.sortAscending'),
          sortDescending: t('clients.sortDescending'),
        }}
        maxHeight="100%"
        estimatedRowHeight={clientRowHeight}
      />
      {details.tooltip}
    </Box>
  );
}

export type NoMatchProps = { onClear: () => void };

/** The empty state of a search or filter that hides every client. */
export function NoMatch({ onClear }: NoMatchProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="3">
      <Text>{t('clients.noMatch')}</Text>
      <Button variant="secondary" onClick={onClear}>
        {t('clients.clearFilters')}
      </Button>
    </Stack>
  );
}
