import { type Attention, indicatorNames, queueFlagsOf } from '@coach/domain';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ClientReviewSchema } from './clientReviews.ts';

const reviewOf = (flags: string[]) => ({
  day: '2026-11-28',
  reviewedAt: '2026-11-28T09:00:00.000Z',
  flags,
  unreadMessages: 2,
});

describe('a review on the wire', () => {
  it('holds every flag the domain can name, all at once', () => {
    // Every reason of the rule (more than a client has at once) and a due follow-up.
    const everything: Attention = {
      category: 'noData',
      reasons: [
        { kind: 'noData', lastConnectedAt: null, hoursSilent: null },
        { kind: 'lowEngagement', hours: 1 },
        ...indicatorNames.map((indicator) => ({
          kind: 'lowIndicator' as const,
          indicator,
          value: 50,
          days: 2,
        })),
        { kind: 'unreadMessages', count: 2 },
      ],
    };
    const flags = queueFlagsOf(everything, true);
    expect(flags).toHaveLength(7);
    expect([...Value.Errors(ClientReviewSchema, reviewOf(flags))]).toEqual([]);
  });

  it('refuses a flag that is no key, a day that is no date and a negative count', () => {
    for (const review of [
      reviewOf(['see https://example.com']),
      { ...reviewOf([]), day: '28/11/2026' },
      { ...reviewOf([]), unreadMessages: -1 },
    ]) {
      expect(Value.Check(ClientReviewSchema, review), JSON.stringify(review)).toBe(false);
    }
  });
});
