import { describe, expect, it } from 'vitest';
import { chartRangeDates, seriesChunks } from './chartRange.ts';

describe('chartRangeDates', () => {
  it.each([
    ['ends on the client’s today and spans 7 days', '7', '2026-01-01', '2026-11-10'],
    ['ends on the client’s today and spans 90 days', '90', '2026-01-01', '2026-08-19'],
    [
      'never starts before the journey: a client of three days shows three days',
      '30',
      '2026-11-14',
      '2026-11-14',
    ],
    ["'all' is the whole journey, however long", 'all', '2024-11-16', '2024-11-16'],
    ['a journey that starts on the client’s today is one day', 'all', '2026-11-16', '2026-11-16'],
  ] as const)('%s', (_name, range, journeyStart, from) => {
    expect(chartRangeDates(range, '2026-11-16', journeyStart)).toEqual({ from, to: '2026-11-16' });
  });
});

describe('seriesChunks', () => {
  it('keeps a range of up to 366 days whole', () => {
    expect(seriesChunks({ from: '2025-11-16', to: '2026-11-16' })).toEqual([
      { from: '2025-11-16', to: '2026-11-16' },
    ]);
  });

  it('cuts a longer range into consecutive pieces of at most 366 days', () => {
    expect(seriesChunks({ from: '2024-11-16', to: '2026-11-16' })).toEqual([
      { from: '2024-11-16', to: '2025-11-16' },
      { from: '2025-11-17', to: '2026-11-16' },
    ]);
  });
});
