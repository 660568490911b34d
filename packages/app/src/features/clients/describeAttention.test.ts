import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/testI18n.ts';
import { createClientFormats } from '../../core/clientFormats/index.ts';
import { describeAttentionReason } from './describeAttention.ts';

const { t } = createTestI18n();
const now = new Date('2026-11-16T09:30:00.000Z');
const formats = createClientFormats('en-US', now);

describe('describeAttentionReason', () => {
  it('says for how many of the latest days an indicator was low', () => {
    const low = (days: number) =>
      describeAttentionReason(
        { kind: 'lowIndicator', indicator: 'mental', value: 62, days },
        t,
        formats,
      );
    expect(low(3)).toBe('Mental 62% for 3 days');
    expect(low(1)).toBe('Mental 62% for 1 day');
    // The latest day was not low (or the count is unknown): the average alone.
    expect(low(0)).toBe('Mental 62%');
  });

  it('keeps the other wordings', () => {
    expect(
      describeAttentionReason(
        { kind: 'lowIndicator', indicator: 'physical', value: 69.9, days: 2 },
        t,
        formats,
      ),
    ).toBe('Physical 69.9% for 2 days');
    expect(describeAttentionReason({ kind: 'lowEngagement', hours: 1.1 }, t, formats)).toBe(
      '1.1 h of app use in 48 h',
    );
    expect(
      describeAttentionReason(
        { kind: 'noData', lastConnectedAt: '2026-11-15T02:30:00.000Z', hoursSilent: 31 },
        t,
        formats,
      ),
    ).toBe('No app use for 31 h');
    expect(
      describeAttentionReason(
        { kind: 'noData', lastConnectedAt: null, hoursSilent: null },
        t,
        formats,
      ),
    ).toBe('No app use yet');
  });
});
