import type { SortableTableColumn } from '@coach/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type LiveChanges, LiveCue } from '../../../core/liveCues/index.ts';
import type { ClientFormats } from '../clientFormats.ts';
import {
  type ClientRow,
  completionColumns,
  completionRatio,
  indicatorColumns,
  phaseOrder,
} from '../clientRows.ts';
import { ClientNameCell } from '../components/ClientNameCell.tsx';
import {
  CompletionCell,
  EngagementCell,
  IndicatorMeter,
  PhaseCell,
} from '../components/FigureCells.tsx';
import { cellCue } from '../liveCells.ts';

/**
 * Widths in rem, summing to 83.5 rem: at 1280 px (12 px root) the table fits beside the menu; under
 * that it scrolls sideways with the pinned name column.
 */
const widths = {
  name: '14.5rem',
  phase: '9.5rem',
  engagement: '10rem',
  indicator: '9rem',
  completion: '6.5rem',
};

/**
 * The columns of requirements R2.8, every one sortable, built once per language and list; a cell
 * a live message changed shows the live cue.
 */
export function useClientColumns(
  formats: ClientFormats,
  changes: LiveChanges,
): SortableTableColumn<ClientRow>[] {
  const { t } = useTranslation();
  const columns = useMemo(
    (): SortableTableColumn<ClientRow>[] => [
      {
        id: 'name',
        header: t('clients.columns.name'),
        sortValue: (row) => `${row.lastName} ${row.firstName}`,
        cell: (row) => <ClientNameCell row={row} formats={formats} />,
        width: widths.name,
        isPinned: true,
      },
      {
        id: 'phase',
        header: t('clients.columns.phase'),
        sortValue: phaseOrder,
        sortType: 'number',
        cell: (row) => <PhaseCell row={row} formats={formats} />,
        width: widths.phase,
      },
      {
        id: 'engagement',
        header: t('clients.columns.engagement'),
        sortValue: (row) => row.engagement.hours,
        sortType: 'number',
        cell: (row) => <EngagementCell row={row} formats={formats} />,
        width: widths.engagement,
      },
      ...indicatorColumns.map(
        (indicator): SortableTableColumn<ClientRow> => ({
          id: indicator,
          header: t(`clients.columns.${indicator}`),
          sortValue: (row) => row.indicators[indicator].value,
          sortType: 'number',
          cell: (row) => (
            <IndicatorMeter
              value={row.indicators[indicator].value}
              label={t(`clients.columns.${indicator}`)}
              previousPhase={row.indicators.basis === 'previousPhase' ? row.indicators.phase : null}
              formats={formats}
            />
          ),
          width: widths.indicator,
        }),
      ),
      ...completionColumns.map(
        (kind): SortableTableColumn<ClientRow> => ({
          id: kind,
          header: t(`clients.columns.${kind}`),
          sortValue: (row) => completionRatio(row[kind]),
          sortType: 'number',
          cell: (row) => <CompletionCell count={row[kind]} />,
          width: widths.completion,
          align: 'end',
        }),
      ),
    ],
    [t, formats],
  );
  return useMemo(
    () =>
      columns.map((column) => ({
        ...column,
        cell: (row: ClientRow) => (
          <LiveCue cue={cellCue(changes, row.clientId, column.id)}>{column.cell?.(row)}</LiveCue>
        ),
      })),
    [columns, changes],
  );
}
