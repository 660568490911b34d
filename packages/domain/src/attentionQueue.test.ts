import { describe, expect, it } from 'vitest';
import { type ClientReview, isInAttentionQueue, queueFlagsOf } from './attentionQueue.ts';
import type { Attention } from './needsAttention.ts';

const lowMentalAndUnread: Attention = {
  category: 'lowScore',
  reasons: [
    { kind: 'lowEngagement', hours: 1 },
    { kind: 'lowIndicator', indicator: 'mental', value: 60, days: 2 },
    { kind: 'unreadMessages', count: 2 },
  ],
};

const reviewOf = (flags: string[], unreadMessages = 0): ClientReview => ({
  day: '2026-11-28',
  reviewedAt: '2026-11-28T09:00:00.000Z',
  flags,
  unreadMessages,
});

describe("a client's queue flags", () => {
  it("are the reasons' keys in their order, the indicator named, then a due follow-up", () => {
    expect(queueFlagsOf(lowMentalAndUnread, true)).toEqual([
      'lowEngagement',
      'lowIndicator:mental',
      'unreadMessages',
      'followUpDue',
    ]);
    expect(
      queueFlagsOf(
        {
          category: 'noData',
          reasons: [{ kind: 'noData', lastConnectedAt: null, hoursSilent: null }],
        },
        false,
      ),
    ).toEqual(['noData']);
  });

  it('are empty for a client who is fine without a follow-up due, and only that one when due', () => {
    const fine: Attention = { category: 'ok', reasons: [] };
    expect(queueFlagsOf(fine, false)).toEqual([]);
    expect(queueFlagsOf(fine, true)).toEqual(['followUpDue']);
  });
});

describe('the attention queue', () => {
  it('holds a flagged client not reviewed today, never a client without flags', () => {
    expect(isInAttentionQueue(['noData'], 0, null)).toBe(true);
    expect(isInAttentionQueue([], 0, null)).toBe(false);
    expect(isInAttentionQueue([], 3, reviewOf([]))).toBe(false);
  });

  it('leaves out a client reviewed today for the same flags, or fewer', () => {
    const flags = ['lowIndicator:mental', 'unreadMessages'];
    expect(isInAttentionQueue(flags, 2, reviewOf(flags, 2))).toBe(false);
    expect(isInAttentionQueue(['lowIndicator:mental'], 0, reviewOf(flags, 2))).toBe(false);
  });

  it('takes the client back for a flag the review did not see', () => {
    const review = reviewOf(['lowIndicator:mental']);
    expect(isInAttentionQueue(['lowIndicator:mental', 'lowIndicator:physical'], 0, review)).toBe(
      true,
    );
    expect(isInAttentionQueue(['lowIndicator:mental', 'followUpDue'], 0, review)).toBe(true);
  });

  it('takes the client back for a message that came after the review', () => {
    const review = reviewOf(['unreadMessages'], 1);
    expect(isInAttentionQueue(['unreadMessages'], 1, review)).toBe(false);
    expect(isInAttentionQueue(['unreadMessages'], 2, review)).toBe(true);
  });
});
