import { describe, expect, it } from 'vitest';
import { testNow, testSummary } from '../../../test/clientSummary.ts';
import { toClientRows } from '../../core/clientList/index.ts';
import type { LiveUpdate } from '../../core/live/index.ts';
import { cellKey, cellSignatures, changedClientNames, isCellOfNamedClient } from './liveCells.ts';

const rowsOf = (...clients: ReturnType<typeof testSummary>[]) =>
  toClientRows({ clients, generatedAt: testNow }, 0);

/** The keys whose signature differs between two lists. */
function changedKeys(before: ReturnType<typeof rowsOf>, after: ReturnType<typeof rowsOf>) {
  const old = cellSignatures(before);
  return [...cellSignatures(after)].flatMap(([key, value]) =>
    old.get(key) !== undefined && old.get(key) !== value ? [key] : [],
  );
}

describe('the live cells of the clients list', () => {
  it('tells the changed cells of a client apart, and names each client once', () => {
    const anna = testSummary({ firstName: 'Anna', lastName: 'Smith' });
    const ben = testSummary({ firstName: 'Ben', lastName: 'Jones' });
    const before = rowsOf(anna, ben);
    const after = rowsOf(anna, { ...ben, engagement: { ...ben.engagement, hours: 9.5 } });
    const keys = changedKeys(before, after);
    expect(keys).toContain(cellKey(ben.clientId, 'engagement'));
    expect(keys.every((key) => key.startsWith(ben.clientId))).toBe(true);
    expect(changedClientNames([...keys, ...keys], after)).toEqual(['Ben Jones']);
  });

  it('cues only the clients the messages since named, or all after a refetch', () => {
    const update: LiveUpdate = {
      sequence: 3,
      namedAt: new Map([
        ['a', 1],
        ['b', 3],
      ]),
      refetchedAt: 0,
    };
    expect(isCellOfNamedClient(cellKey('b', 'mental'), update, 2)).toBe(true);
    // Named before the figures shown were read: its change now is the clock's.
    expect(isCellOfNamedClient(cellKey('a', 'mental'), update, 2)).toBe(false);
    expect(isCellOfNamedClient(cellKey('c', 'mental'), update, 2)).toBe(false);
    expect(isCellOfNamedClient(cellKey('c', 'mental'), { ...update, refetchedAt: 3 }, 2)).toBe(
      true,
    );
  });
});
