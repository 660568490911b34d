import { describe, expect, it } from 'vitest';
import { type ActivityKey, compareNewestFirst, pageNewestFirst } from './activityPage.ts';

const idA = '00000000-0000-4000-8000-00000000000a';
const idB = '00000000-0000-4000-8000-00000000000b';
const key = (at: string, id: string): ActivityKey => ({ at, id });

describe('pageNewestFirst', () => {
  it('orders by instant, then by id on a tie, newest first', () => {
    const items = [
      key('2025-03-10T08:00:00.000000Z', idA),
      key('2025-03-10T09:00:00.000000Z', idA),
      key('2025-03-10T08:00:00.000000Z', idB),
      key('2025-03-10T08:00:00.000001Z', idA),
    ];
    expect([...items].sort(compareNewestFirst)).toEqual([items[1], items[3], items[2], items[0]]);
  });

  it('cuts at the limit and continues after the last item when more came back', () => {
    const surveys = [
      key('2025-03-10T09:00:00.000000Z', idA),
      key('2025-03-10T07:00:00.000000Z', idA),
    ];
    const exercises = [
      key('2025-03-10T08:00:00.000000Z', idB),
      key('2025-03-10T06:00:00.000000Z', idB),
    ];
    const page = pageNewestFirst([surveys, exercises], 2);
    expect(page.items).toEqual([surveys[0], exercises[0]]);
    expect(page.next).toEqual(exercises[0]);
  });

  it('has no next page when everything fits', () => {
    const page = pageNewestFirst([[key('2025-03-10T09:00:00.000000Z', idA)], []], 1);
    expect(page.next).toBeNull();
    expect(pageNewestFirst([[], []], 20)).toEqual({ items: [], next: null });
  });
});
