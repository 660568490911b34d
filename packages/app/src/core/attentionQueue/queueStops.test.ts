import { describe, expect, it } from 'vitest';
import { testNow, testSummary } from '../../../test/clientSummary.ts';
import { type ClientListView, type ClientRow, toClientRows } from '../clientList/index.ts';
import { firstInQueue as firstOf, queueCount, queuePlace, viewOrder } from './queueStops.ts';

const firstInQueue = (rows: ClientRow[], view: ClientListView) =>
  firstOf(rows, viewOrder(rows, view));

const defaultView: ClientListView = {
  search: '',
  phase: null,
  isAttentionOnly: false,
  isFollowUpDueOnly: false,
  sort: null,
};

const review = (flags: string[], unreadMessages = 0) => ({
  day: '2026-11-16',
  reviewedAt: testNow,
  flags,
  unreadMessages,
});

// Silent Ada (no data) first in the needs-attention order, then low Ben, then Cleo who wrote,
// then Dora with a follow-up due; Eve needs nothing.
function practice() {
  const summaries = [
    testSummary({ firstName: 'Eve', lastName: 'Ease' }),
    testSummary({ firstName: 'Cleo', lastName: 'Cole', unreadMessages: 2 }),
    testSummary({ firstName: 'Ben', lastName: 'Bell', mental: 50 }),
    testSummary({ firstName: 'Ada', lastName: 'Ames', silentHours: 40 }),
    testSummary({
      firstName: 'Dora',
      lastName: 'Dunn',
      followUp: { dueDate: '2026-11-16', reason: 'Sleep', isDue: true },
    }),
  ];
  const rows = toClientRows({ clients: summaries, generatedAt: testNow });
  const idOf = (first: string) => rows.find((row) => row.firstName === first)?.clientId ?? '';
  return { rows, idOf };
}

describe('the attention queue', () => {
  it('walks the clients who need the coach in the list order, and says where the coach is', () => {
    const { rows, idOf } = practice();
    expect(firstInQueue(rows, defaultView)).toBe(idOf('Ada'));
    expect(queueCount(rows, defaultView)).toBe(4);
    expect(queuePlace(rows, defaultView, idOf('Ben'))).toEqual({
      position: 2,
      total: 4,
      nextId: idOf('Cleo'),
      previousId: idOf('Ada'),
      isCurrentQueued: true,
    });
  });

  it('follows the list sorted by name and its filters', () => {
    const { rows, idOf } = practice();
    const byName = { ...defaultView, sort: { columnId: 'name', direction: 'desc' as const } };
    expect(firstInQueue(rows, byName)).toBe(idOf('Dora'));
    expect(queuePlace(rows, byName, idOf('Cleo')).nextId).toBe(idOf('Ben'));
    const dueOnly = { ...defaultView, isFollowUpDueOnly: true };
    expect(queueCount(rows, dueOnly)).toBe(1);
    expect(firstInQueue(rows, { ...defaultView, search: 'eve' })).toBeNull();
  });

  it('leaves out a client reviewed for today, until a new reason or message flags them again', () => {
    const summaries = [
      testSummary({ firstName: 'Ben', mental: 50, review: review(['lowIndicator:mental']) }),
      testSummary({ firstName: 'Cleo', unreadMessages: 3, review: review(['unreadMessages'], 2) }),
    ];
    const rows = toClientRows({ clients: summaries, generatedAt: testNow });
    const [ben, cleo] = rows;
    expect(queueCount(rows, defaultView)).toBe(1);
    expect(firstInQueue(rows, defaultView)).toBe(cleo?.clientId);
    // The client on screen keeps their place once reviewed: 'next' goes on from there.
    expect(queuePlace(rows, defaultView, ben?.clientId ?? '')).toMatchObject({
      position: 1,
      total: 2,
      nextId: cleo?.clientId,
      isCurrentQueued: false,
    });
  });

  it('goes on from a client who needs nothing, and starts from the first one outside the view', () => {
    const { rows, idOf } = practice();
    expect(queuePlace(rows, defaultView, idOf('Eve'))).toMatchObject({
      position: 5,
      nextId: null,
      previousId: idOf('Dora'),
      isCurrentQueued: false,
    });
    expect(queuePlace(rows, defaultView, 'unknown')).toMatchObject({
      position: 0,
      total: 4,
      nextId: idOf('Ada'),
      previousId: null,
    });
  });

  it("keeps the order it started with while a client's figures change under the coach", () => {
    const { rows, idOf } = practice();
    const startOrder = viewOrder(rows, defaultView);
    // The coach opens Cleo's thread: her messages read, she needs nothing and the list puts her
    // last; the queue keeps her third, between Ben and Dora.
    const cleo = rows.find((row) => row.clientId === idOf('Cleo'));
    if (!cleo) throw new Error('no Cleo');
    const read = [
      ...rows.filter((row) => row !== cleo),
      { ...cleo, unreadMessages: 0, attention: { category: 'ok' as const, reasons: [] } },
    ];
    expect(queuePlace(read, defaultView, idOf('Cleo'), undefined, startOrder)).toMatchObject({
      position: 3,
      total: 4,
      previousId: idOf('Ben'),
      nextId: idOf('Dora'),
      isCurrentQueued: false,
    });
    // Without the start order the list's order would move her last, after Dora.
    expect(queuePlace(read, defaultView, idOf('Cleo')).previousId).toBe(idOf('Dora'));
  });
});
