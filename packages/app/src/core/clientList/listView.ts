import { type JourneyStep, journeyStepNames } from '@coach/domain';
import type { SortableTableSort } from '@coach/ui';
import { type ClientRow, isFollowUpDue } from './clientRows.ts';

/** The column ids of the clients table, in order; also the values of the URL's `sort`. */
const clientColumnIds = [
  'name',
  'phase',
  'engagement',
  'productivity',
  'mental',
  'physical',
  'exercises',
  'reflections',
  'assessments',
  'messages',
] as const;

/** What the coach is looking at: kept in the URL, so a reload or a shared link shows the same. */
export type ClientListView = {
  /** Name or email text; '' shows everyone. */
  search: string;
  phase: JourneyStep | null;
  isAttentionOnly: boolean;
  /** Only the clients whose follow-up is due (its day has come in the coach's time zone). */
  isFollowUpDueOnly: boolean;
  /** null: the needs-attention order (the default). */
  sort: SortableTableSort | null;
};

/** The URL parameters of the view. */
const keys = {
  search: 'q',
  phase: 'phase',
  attention: 'attention',
  followUpDue: 'followUp',
  sort: 'sort',
  direction: 'dir',
};

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** Reads the view from the URL; unknown values are ignored (an old or hand-edited link still opens). */
export function viewFromSearchParams(params: URLSearchParams): ClientListView {
  const phase = params.get(keys.phase);
  const column = params.get(keys.sort);
  const direction = params.get(keys.direction);
  return {
    search: params.get(keys.search) ?? '',
    phase: isOneOf(journeyStepNames, phase) ? phase : null,
    isAttentionOnly: params.get(keys.attention) === '1',
    isFollowUpDueOnly: params.get(keys.followUpDue) === 'due',
    sort: isOneOf(clientColumnIds, column)
      ? { columnId: column, direction: direction === 'desc' ? 'desc' : 'asc' }
      : null,
  };
}

/** The URL parameters of a view, leaving out defaults and any parameter that is not the view's. */
export function searchParamsOfView(
  view: ClientListView,
  current?: URLSearchParams,
): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of Object.values(keys)) params.delete(key);
  if (view.search !== '') params.set(keys.search, view.search);
  if (view.phase) params.set(keys.phase, view.phase);
  if (view.isAttentionOnly) params.set(keys.attention, '1');
  if (view.isFollowUpDueOnly) params.set(keys.followUpDue, 'due');
  if (view.sort) {
    params.set(keys.sort, view.sort.columnId);
    params.set(keys.direction, view.sort.direction);
  }
  return params;
}

/**
 * Lower case without accents, so 'jose' finds 'José' and 'MARIA' finds 'María'. The same folding
 * in every interface language (Unicode's default case mapping), so a link to a search finds the
 * same clients whatever the language.
 */
const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether a row matches every word of a search in its first name, last name or email. */
function matchesSearch(row: ClientRow, words: readonly string[]): boolean {
  const haystack = foldText(`${row.firstName} ${row.lastName} ${row.email}`);
  return words.every((word) => haystack.includes(word));
}

/** The rows the view shows, in their given order. */
export function filterRows(rows: readonly ClientRow[], view: ClientListView): ClientRow[] {
  const words = foldText(view.search).split(/\s+/).filter(Boolean);
  return rows.filter(
    (row) =>
      (view.phase === null || row.journey.step === view.phase) &&
      (!view.isAttentionOnly || row.attention.category !== 'ok') &&
      (!view.isFollowUpDueOnly || isFollowUpDue(row)) &&
      (words.length === 0 || matchesSearch(row, words)),
  );
}

/** Whether the view hides any row (a search or a filter is set). */
export const isFiltered = (view: ClientListView) =>
  view.search.trim() !== '' ||
  view.phase !== null ||
  view.isAttentionOnly ||
  view.isFollowUpDueOnly;
