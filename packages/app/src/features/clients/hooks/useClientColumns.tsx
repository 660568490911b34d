import { VisuallyHidden } from '@chakra-ui/react';
import type { SortableTableColumn } from '@coach/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMail } from 'react-icons/lu';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';
import { type LiveChanges, LiveCue } from '../../../core/liveCues/index.ts';
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
import { UnreadCell } from '../components/UnreadCell.tsx';
import { cellCue } from '../liveCells.ts';

/**
 * Widths in rem, summing to 85.5 rem: at 1280 px (12 px root) the table fits beside the menu; under
 * that it scrolls sideways with the pinned name column.
 */
const widths = {
  name: '14rem',
  phase: '9.5rem',
  engagement: '9.5rem',
  indicator: '8.5rem',
  completion: '6.5rem',
  messages: '4.5rem',
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
      {
        id: 'messages',
        // An icon, named for screen readers and the sort button: the column is narrow.
        header: (
          <>
            <LuMail aria-hidden />
            <VisuallyHidden>{t('clients.columns.messages')}</VisuallyHidden>
          </>
        ),
        sortValue: (row) => row.unreadMessages,
        sortType: 'number',
        cell: (row) => <UnreadCell count={row.unreadMessages} />,
        width: widths.messages,
        align: 'end',
      },
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
