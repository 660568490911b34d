import { describe, expect, it } from 'vitest';
import {
  type AttentionInput,
  attentionOf,
  clientsNeedingAttention,
  compareAttention,
} from './needsAttention.ts';
import type { IndicatorFigure } from './shapes.ts';
import type { JourneyStep } from './values/journeyValues.ts';

const now = new Date('2026-11-16T09:30:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const figure = (value: number | null): IndicatorFigure => ({
  value,
  lagging: value !== null && value < 70,
  lowDays: value !== null && value < 70 ? 1 : 0,
});

type Overrides = {
  step?: JourneyStep;
  day?: number;
  hours?: number;
  lastConnectedAt?: string | null;
  productivity?: number | null;
  mental?: number | null;
  physical?: number | null;
};

function client(overrides: Overrides = {}): AttentionInput {
  const hours = overrides.hours ?? 6;
  return {
    journey: {
      step: overrides.step ?? 'sense',
      currentDay: overrides.day ?? 4,
      startDate: '2026-11-13',
      journeyStartDate: '2026-11-01',
    },
    engagement: {
      hours,
      hoursLast24h: hours / 2,
      ratio: Math.min(hours / 10, 1),
      lastConnectedAt:
        overrides.lastConnectedAt === undefined ? hoursAgo(1) : overrides.lastConnectedAt,
    },
    indicators: {
      // The rule itself must ignore grow's figures, whatever their flags say.
      basis: overrides.step === 'grow' ? 'previousPhase' : 'currentPhase',
      phase: overrides.step === 'grow' ? 'sense' : (overrides.step ?? 'sense'),
      productivity: figure(overrides.productivity === undefined ? 80 : overrides.productivity),
      mental: figure(overrides.mental === undefined ? 80 : overrides.mental),
      physical: figure(overrides.physical === undefined ? 80 : overrides.physical),
    },
  };
}

describe('attentionOf', () => {
  it('does not flag a client with every figure at or above its limit', () => {
    expect(attentionOf(client({ mental: 70, hours: 2.5 }), now)).toEqual({
      category: 'ok',
      reasons: [],
    });
  });

  it('flags each indicator under 70 % with its value, in column order', () => {
    const attention = attentionOf(client({ physical: 55, mental: 69.9 }), now);
    expect(attention).toEqual({
      category: 'lowScore',
      reasons: [
        { kind: 'lowIndicator', indicator: 'mental', value: 69.9, days: 1 },
        { kind: 'lowIndicator', indicator: 'physical', value: 55, days: 1 },
      ],
    });
  });

  it('says for how many of the latest days the indicator was low (0 when not known)', () => {
    const input = client({ mental: 62, physical: 60 });
    input.indicators.mental = { value: 62, lagging: true, lowDays: 3 };
    // An answer without the count (a server before lowDays) reads as 0: the value alone.
    input.indicators.physical = { value: 60, lagging: true } as IndicatorFigure;
    expect(attentionOf(input, now).reasons).toEqual([
      { kind: 'lowIndicator', indicator: 'mental', value: 62, days: 3 },
      { kind: 'lowIndicator', indicator: 'physical', value: 60, days: 0 },
    ]);
  });

  it('never flags indicators in grow, which has no reflection windows', () => {
    expect(attentionOf(client({ step: 'grow', mental: 40 }), now).category).toBe('ok');
  });

  it('reads the lagging flag, not the raw value, so it agrees with the figure shown', () => {
    const input = client();
    input.indicators.mental = { value: 70, lagging: false, lowDays: 3 };
    expect(attentionOf(input, now).reasons).toEqual([]);
  });

  it('flags engagement under 2.5 h in 48 h as low', () => {
    expect(attentionOf(client({ hours: 2.4 }), now)).toEqual({
      category: 'lowScore',
      reasons: [{ kind: 'lowEngagement', hours: 2.4 }],
    });
  });

  it("does not judge engagement in learn's first two days (the window is not yet whole)", () => {
    expect(attentionOf(client({ step: 'learn', day: 2, hours: 0.5 }), now).category).toBe('ok');
    expect(attentionOf(client({ step: 'learn', day: 3, hours: 0.5 }), now).category).toBe(
      'lowScore',
    );
    expect(attentionOf(client({ step: 'sense', day: 1, hours: 0.5 }), now).category).toBe(
      'lowScore',
    );
  });

  it('flags no data after 24 h without app use, apart from low scores, and not engagement too', () => {
    const attention = attentionOf(
      client({ lastConnectedAt: hoursAgo(31.5), hours: 0, mental: 62 }),
      now,
    );
    expect(attention).toEqual({
      category: 'noData',
      reasons: [
        { kind: 'noData', lastConnectedAt: hoursAgo(31.5), hoursSilent: 31 },
        { kind: 'lowIndicator', indicator: 'mental', value: 62, days: 1 },
      ],
    });
  });

  it('counts 23 h 59 min of silence as data still arriving', () => {
    const lastConnectedAt = new Date(now.getTime() - 24 * 3_600_000 + 60_000).toISOString();
    expect(attentionOf(client({ lastConnectedAt }), now).category).toBe('ok');
    expect(attentionOf(client({ lastConnectedAt: hoursAgo(24) }), now).category).toBe('noData');
  });

  it('flags a client who never used the app, except on the first day of learn', () => {
    expect(attentionOf(client({ lastConnectedAt: null, hours: 0 }), now).reasons).toEqual([
      { kind: 'noData', lastConnectedAt: null, hoursSilent: null },
    ]);
    expect(
      attentionOf(client({ step: 'learn', day: 1, lastConnectedAt: null, hours: 0 }), now),
    ).toEqual({ category: 'ok', reasons: [] });
  });
});

describe('compareAttention', () => {
  const order = (inputs: Record<string, AttentionInput>) =>
    Object.entries(inputs)
      .map(([name, input]) => ({ name, attention: attentionOf(input, now) }))
      .sort((a, b) => compareAttention(a.attention, b.attention))
      .map(({ name }) => name);

  it('puts no data first (never used, then longest silent), then low scores, then the rest', () => {
    expect(
      order({
        fine: client(),
        oneLow: client({ mental: 65 }),
        twoLow: client({ mental: 68, physical: 68 }),
        lowest: client({ productivity: 40 }),
        silent30: client({ lastConnectedAt: hoursAgo(30) }),
        never: client({ lastConnectedAt: null }),
        silent80: client({ lastConnectedAt: hoursAgo(80) }),
      }),
    ).toEqual(['never', 'silent80', 'silent30', 'twoLow', 'lowest', 'oneLow', 'fine']);
  });

  it('keeps equally urgent clients in their given order', () => {
    expect(
      order({ a: client({ lastConnectedAt: null }), b: client({ lastConnectedAt: null }) }),
    ).toEqual(['a', 'b']);
  });
});

describe('unread messages', () => {
  it('puts a client with unread messages among those needing attention, after the figures', () => {
    expect(attentionOf({ ...client(), unreadMessages: 2 }, now)).toEqual({
      category: 'unreadMessages',
      reasons: [{ kind: 'unreadMessages', count: 2 }],
    });
    const lowAndUnread = attentionOf({ ...client({ mental: 60 }), unreadMessages: 1 }, now);
    expect(lowAndUnread.category).toBe('lowScore');
    expect(lowAndUnread.reasons.map((reason) => reason.kind)).toEqual([
      'lowIndicator',
      'unreadMessages',
    ]);
  });

  it('reads the figures alone without a count, or with none unread (the morning mail)', () => {
    expect(attentionOf({ ...client(), unreadMessages: 0 }, now)).toEqual(
      attentionOf(client(), now),
    );
    expect(attentionOf(client(), now).category).toBe('ok');
  });

  it('orders unread messages after low scores and before the rest, more unread first', () => {
    const clients = {
      ok: client(),
      one: { ...client(), unreadMessages: 1 },
      three: { ...client(), unreadMessages: 3 },
      low: client({ mental: 60 }),
      lowUnread: { ...client({ mental: 60 }), unreadMessages: 1 },
    };
    const sorted = Object.entries(clients)
      .map(([name, input]) => ({ name, attention: attentionOf(input, now) }))
      .sort((a, b) => compareAttention(a.attention, b.attention))
      .map(({ name }) => name);
    expect(sorted).toEqual(['lowUnread', 'low', 'three', 'one', 'ok']);
  });
});

describe('clientsNeedingAttention', () => {
  it('names the clients whose category is not ok, with their reasons, and leaves the others out', () => {
    const rows = [
      { clientId: 'fine', ...client() },
      { clientId: 'low', ...client({ mental: 60 }) },
      { clientId: 'silent', ...client({ lastConnectedAt: hoursAgo(30) }) },
      { clientId: 'wrote', ...client(), unreadMessages: 2 },
    ];
    const needing = clientsNeedingAttention(rows, now);
    expect([...needing.keys()]).toEqual(['low', 'silent', 'wrote']);
    for (const row of rows.slice(1)) {
      expect(needing.get(row.clientId)).toEqual(attentionOf(row, now).reasons);
    }
    expect(clientsNeedingAttention([], now).size).toBe(0);
  });
});
