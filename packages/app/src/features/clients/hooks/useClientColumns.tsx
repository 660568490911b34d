import { Text, VisuallyHidden } from '@chakra-ui/react';
import type { SortableTableColumn } from '@coach/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMail } from 'react-icons/lu';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';
import {
  type ClientRow,
  completionColumns,
  indicatorColumns,
  clientSortColumns as sorts,
} from '../../../core/clientList/index.ts';
import { type LiveChanges, LiveCue } from '../../../core/liveCues/index.ts';
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
 * Widths in rem, summing to 69.25 rem: at 1004 px (11 px root, the narrowest the app works at) the
 * table fits beside the menu in 70 rem, so from there up no column scrolls sideways. Each is at
 * least its header's longest word in English or Spanish (at the small header size, with the sort
 * arrow) plus the cells' padding (`ClientsTable`): no header touches the next.
 */
const widths = {
  name: '12.5rem',
  phase: '7rem',
  engagement: '8.75rem',
  productivity: '7.25rem',
  mental: '5.25rem',
  physical: '5.5rem',
  exercises: '5.75rem',
  reflections: '6.5rem',
  assessments: '7rem',
  messages: '3.75rem',
};

/** A header's words at the small size, so that ten columns fit from 1004 px. */
const compactHeader = (text: string) => (
  <Text as="span" textStyle="xs">
    {text}
  </Text>
);

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
        ...sorts.name,
        header: compactHeader(t('clients.columns.name')),
        cell: (row) => <ClientNameCell row={row} formats={formats} />,
        width: widths.name,
        isPinned: true,
      },
      {
        ...sorts.phase,
        header: compactHeader(t('clients.columns.phase')),
        cell: (row) => <PhaseCell row={row} formats={formats} />,
        width: widths.phase,
      },
      {
        ...sorts.engagement,
        header: compactHeader(t('clients.columns.engagement')),
        cell: (row) => <EngagementCell row={row} formats={formats} />,
        width: widths.engagement,
      },
      ...indicatorColumns.map(
        (indicator): SortableTableColumn<ClientRow> => ({
          ...sorts[indicator],
          header: compactHeader(t(`clients.columns.${indicator}`)),
          cell: (row) => (
            <IndicatorMeter
              value={row.indicators[indicator].value}
              label={t(`clients.columns.${indicator}`)}
              previousPhase={row.indicators.basis === 'previousPhase' ? row.indicators.phase : null}
              formats={formats}
            />
          ),
          width: widths[indicator],
        }),
      ),
      ...completionColumns.map(
        (kind): SortableTableColumn<ClientRow> => ({
          ...sorts[kind],
          header: compactHeader(t(`clients.columns.${kind}`)),
          cell: (row) => <CompletionCell count={row[kind]} />,
          width: widths[kind],
          align: 'end',
        }),
      ),
      {
        ...sorts.messages,
        // An icon, named for screen readers and the sort button: the column is narrow.
        header: (
          <>
            <LuMail aria-hidden />
            <VisuallyHidden>{t('clients.columns.messages')}</VisuallyHidden>
          </>
        ),
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
