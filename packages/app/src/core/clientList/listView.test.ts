import { describe, expect, it } from 'vitest';
import { testNow, testSummary } from '../../../test/clientSummary.ts';
import { toClientRows } from './clientRows.ts';
import {
  type ClientListView,
  filterRows,
  isFiltered,
  searchParamsOfView,
  viewFromSearchParams,
} from './listView.ts';

const defaultView: ClientListView = {
  search: '',
  phase: null,
  isAttentionOnly: false,
  isFollowUpDueOnly: false,
  sort: null,
};
const read = (search: string) => viewFromSearchParams(new URLSearchParams(search));

describe('the view in the URL', () => {
  it('reads search, phase, attention and sort', () => {
    expect(read('q=ana&phase=grow&attention=1&sort=mental&dir=desc')).toEqual({
      search: 'ana',
      phase: 'grow',
      isAttentionOnly: true,
      isFollowUpDueOnly: false,
      sort: { columnId: 'mental', direction: 'desc' },
    });
    expect(read('followUp=due').isFollowUpDueOnly).toBe(true);
  });

  it('ignores unknown values, so an old or edited link still opens', () => {
    expect(read('phase=bloom&attention=yes&followUp=1&sort=height&dir=up')).toEqual(defaultView);
    expect(read('sort=phase&dir=sideways').sort).toEqual({ columnId: 'phase', direction: 'asc' });
  });

  it('writes only what differs from the default, and keeps other parameters', () => {
    expect(searchParamsOfView(defaultView).toString()).toBe('');
    const written = searchParamsOfView(
      {
        ...defaultView,
        search: 'a b',
        isAttentionOnly: true,
        sort: { columnId: 'name', direction: 'asc' },
      },
      new URLSearchParams('utm=mail&phase=learn'),
    );
    expect(written.toString()).toBe('utm=mail&q=a+b&attention=1&sort=name&dir=asc');
  });

  it('reads back what it writes', () => {
    const view: ClientListView = {
      search: 'josé',
      phase: 'sense',
      isAttentionOnly: true,
      isFollowUpDueOnly: true,
      sort: { columnId: 'assessments', direction: 'desc' },
    };
    expect(viewFromSearchParams(searchParamsOfView(view))).toEqual(view);
  });
});

describe('filterRows', () => {
  const rows = toClientRows({
    generatedAt: testNow,
    clients: [
      testSummary({ firstName: 'José', lastName: 'Álvarez', email: 'jose@example.com' }),
      testSummary({
        firstName: 'Maria',
        lastName: 'Silva',
        email: 'msilva@clinic.org',
        mental: 60,
      }),
      testSummary({
        firstName: 'Aiko',
        lastName: 'Tanaka',
        step: 'grow',
        followUp: { dueDate: '2026-11-16', reason: 'Ask about the new job', isDue: true },
      }),
      testSummary({
        firstName: 'Ben',
        lastName: 'Ward',
        followUp: { dueDate: '2026-11-30', reason: 'Not yet', isDue: false },
      }),
    ],
  });
  const names = (view: Partial<ClientListView>) =>
    filterRows(rows, { ...defaultView, ...view }).map((row) => row.fullName);

  it('finds by name or email, ignoring case and accents, every word anywhere', () => {
    expect(names({ search: 'JOSE alv' })).toEqual(['José Álvarez']);
    expect(names({ search: 'clinic' })).toEqual(['Maria Silva']);
    expect(names({ search: '  ' })).toHaveLength(4);
    expect(names({ search: 'nobody' })).toEqual([]);
  });

  it('filters by phase and by needs attention', () => {
    expect(names({ phase: 'grow' })).toEqual(['Aiko Tanaka']);
    expect(names({ isAttentionOnly: true })).toEqual(['Maria Silva']);
    expect(names({ isAttentionOnly: true, phase: 'grow' })).toEqual([]);
  });

  it('filters by a due follow-up, not one planned for a later day, with the other filters', () => {
    expect(names({ isFollowUpDueOnly: true })).toEqual(['Aiko Tanaka']);
    expect(names({ isFollowUpDueOnly: true, phase: 'grow' })).toEqual(['Aiko Tanaka']);
    expect(names({ isFollowUpDueOnly: true, isAttentionOnly: true })).toEqual([]);
  });

  it('tells whether anything is hidden', () => {
    expect(isFiltered(defaultView)).toBe(false);
    expect(isFiltered({ ...defaultView, search: ' ' })).toBe(false);
    expect(isFiltered({ ...defaultView, phase: 'learn' })).toBe(true);
    expect(isFiltered({ ...defaultView, isFollowUpDueOnly: true })).toBe(true);
  });
});
