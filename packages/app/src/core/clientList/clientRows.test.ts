import { describe, expect, it } from 'vitest';
import { testNow, testSummary } from '../../../test/clientSummary.ts';
import {
  completionRatio,
  followUpDueCount,
  indicatorAverages,
  phaseOrder,
  toClientRows,
} from './clientRows.ts';

const followUp = (dueDate: string, isDue: boolean) => ({ dueDate, reason: 'Check in', isDue });

describe('toClientRows', () => {
  it('puts no data first, then low scores, then the rest, keeping name order among equals', () => {
    const rows = toClientRows({
      generatedAt: testNow,
      clients: [
        testSummary({ firstName: 'Ann', lastName: 'Able' }),
        testSummary({ firstName: 'Bo', lastName: 'Brown', mental: 62 }),
        testSummary({ firstName: 'Cy', lastName: 'Cole' }),
        testSummary({ firstName: 'Di', lastName: 'Dunn', silentHours: 31 }),
      ],
    });
    expect(rows.map((row) => row.fullName)).toEqual(['Di Dunn', 'Bo Brown', 'Ann Able', 'Cy Cole']);
    expect(rows[0]?.attention.category).toBe('noData');
    expect(rows[1]?.attention.reasons).toEqual([
      { kind: 'lowIndicator', indicator: 'mental', value: 62, days: 2 },
    ]);
  });

  it('puts due follow-ups first among equally urgent clients, the longest due first', () => {
    const rows = toClientRows({
      generatedAt: testNow,
      clients: [
        testSummary({ firstName: 'Ann', lastName: 'Able' }),
        testSummary({ firstName: 'Bo', lastName: 'Brown', followUp: followUp('2026-11-16', true) }),
        testSummary({ firstName: 'Cy', lastName: 'Cole', followUp: followUp('2026-11-20', false) }),
        testSummary({ firstName: 'Di', lastName: 'Dunn', followUp: followUp('2026-11-12', true) }),
        testSummary({ firstName: 'Ed', lastName: 'Egan', mental: 62 }),
      ],
    });
    // Low scores still come first: a follow-up orders only clients equally urgent.
    expect(rows.map((row) => row.fullName)).toEqual([
      'Ed Egan',
      'Di Dunn',
      'Bo Brown',
      'Ann Able',
      'Cy Cole',
    ]);
  });

  it("flags a client whose UTC offset differs from the device's at the list's instant", () => {
    const rows = toClientRows(
      {
        generatedAt: testNow,
        clients: [
          testSummary({ firstName: 'Lo', lastName: 'London' }),
          { ...testSummary({ firstName: 'To', lastName: 'Tokyo' }), timezone: 'Asia/Tokyo' },
        ],
      },
      0,
    );
    expect(rows.map((row) => [row.firstName, row.differentTimezone])).toEqual([
      ['Lo', false],
      ['To', true],
    ]);
    const [inTokyo] = toClientRows({ generatedAt: testNow, clients: [testSummary()] }, 540);
    expect(inTokyo?.differentTimezone).toBe(true);
  });

  it("judges silence from the list's generatedAt, not the device clock", () => {
    const [row] = toClientRows({
      generatedAt: '2026-11-16T09:30:00.000Z',
      clients: [testSummary({ silentHours: 23 })],
    });
    expect(row?.attention.category).toBe('ok');
  });
});

describe('followUpDueCount', () => {
  it('counts the clients whose follow-up is due, not those planned for later', () => {
    const clients = [
      testSummary({ followUp: followUp('2026-11-16', true) }),
      testSummary({ followUp: followUp('2026-11-10', true) }),
      testSummary({ followUp: followUp('2026-12-01', false) }),
      testSummary(),
    ];
    expect(followUpDueCount(clients)).toBe(2);
    expect(followUpDueCount([])).toBe(0);
  });
});

describe('indicatorAverages', () => {
  it('averages each indicator over the clients that have a current one, to 0.1', () => {
    const rows = toClientRows({
      generatedAt: testNow,
      clients: [
        testSummary({ mental: 62 }),
        testSummary({ mental: 71 }),
        testSummary({ mental: 70 }),
        // Sense's past average, shown in grow: not one of today's figures.
        testSummary({ mental: 40, step: 'grow' }),
      ],
    });
    expect(indicatorAverages(rows)).toEqual({ productivity: 80, mental: 67.7, physical: 80 });
    expect(indicatorAverages([])).toEqual({ productivity: null, mental: null, physical: null });
  });
});

describe('sort values', () => {
  it('sorts completion by ratio, nothing scheduled last', () => {
    expect(completionRatio({ completed: 3, scheduled: 4 })).toBe(0.75);
    expect(completionRatio({ completed: 0, scheduled: 0 })).toBeNull();
  });

  it('sorts phases learn, sense, grow, then by day', () => {
    const learn = testSummary({ step: 'learn' });
    const sense = testSummary({ step: 'sense' });
    const senseLater = { ...sense, journey: { ...sense.journey, currentDay: 9 } };
    const grow = testSummary({ step: 'grow' });
    const order = [grow, senseLater, learn, sense].sort((a, b) => phaseOrder(a) - phaseOrder(b));
    expect(order).toEqual([learn, sense, senseLater, grow]);
  });
});
