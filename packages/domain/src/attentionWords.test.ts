import { describe, expect, it } from 'vitest';
import {
  createAttentionFormats,
  describeAttentionReason,
  translateAttentionInEnglish,
} from './attentionWords.ts';

const now = new Date('2026-11-16T09:30:00.000Z');
const formats = createAttentionFormats('en-US', now, 'Europe/Berlin');
const words = (reason: Parameters<typeof describeAttentionReason>[0]) =>
  describeAttentionReason(reason, translateAttentionInEnglish, formats);

describe('describeAttentionReason in English (the morning mail)', () => {
  it('words each reason as the clients list does', () => {
    expect(words({ kind: 'lowIndicator', indicator: 'mental', value: 62, days: 3 })).toBe(
      'Mental 62% for 3 days',
    );
    expect(words({ kind: 'lowIndicator', indicator: 'mental', value: 62, days: 1 })).toBe(
      'Mental 62% for 1 day',
    );
    expect(words({ kind: 'lowIndicator', indicator: 'physical', value: 69.9, days: 0 })).toBe(
      'Physical 69.9%',
    );
    expect(words({ kind: 'lowEngagement', hours: 1.1 })).toBe('1.1 h of app use in 48 h');
    expect(
      words({ kind: 'noData', lastConnectedAt: '2026-11-15T02:30:00.000Z', hoursSilent: 31 }),
    ).toBe('No app use for 31 h');
    expect(words({ kind: 'noData', lastConnectedAt: null, hoursSilent: null })).toBe(
      'No app use yet',
    );
  });

  it("names the day the data stopped in the formats' timezone", () => {
    // 23:30 UTC on Thursday is Friday in Berlin.
    expect(
      words({ kind: 'noData', lastConnectedAt: '2026-11-12T23:30:00.000Z', hoursSilent: 82 }),
    ).toBe('No data since Friday');
  });
});
