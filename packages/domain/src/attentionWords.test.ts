import { describe, expect, it } from 'vitest';
import {
  createAttentionFormats,
  createAttentionTranslate,
  describeAttentionReason,
  spanishAttentionTexts,
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

describe('describeAttentionReason in Spanish (the morning mail of a coach who chose it)', () => {
  const spanish = (reason: Parameters<typeof describeAttentionReason>[0]) =>
    describeAttentionReason(
      reason,
      createAttentionTranslate(spanishAttentionTexts, 'es'),
      createAttentionFormats('es', now, 'Europe/Madrid'),
    );

  it('words each reason by the same rule, in Spanish words, numbers and plural forms', () => {
    expect(spanish({ kind: 'lowIndicator', indicator: 'mental', value: 62, days: 3 })).toBe(
      'Mental 62 % durante 3 días',
    );
    expect(spanish({ kind: 'lowIndicator', indicator: 'physical', value: 61.55, days: 1 })).toBe(
      'Físico 61,6 % durante 1 día',
    );
    // Spanish has a plural form for millions ('many'): the texts' other form words it.
    expect(
      spanish({ kind: 'lowIndicator', indicator: 'productivity', value: 50, days: 1_000_000 }),
    ).toBe('Productividad 50 % durante 1000000 días');
    expect(spanish({ kind: 'lowEngagement', hours: 1.1 })).toBe('1,1 h de uso de la app en 48 h');
    expect(
      spanish({ kind: 'noData', lastConnectedAt: '2026-11-12T23:30:00.000Z', hoursSilent: 82 }),
    ).toBe('Sin datos desde el viernes');
    expect(spanish({ kind: 'noData', lastConnectedAt: null, hoursSilent: null })).toBe(
      'Todavía no ha usado la app',
    );
  });
});
