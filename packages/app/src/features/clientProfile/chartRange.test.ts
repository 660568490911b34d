import { describe, expect, it } from 'vitest';
import { chartRangeDates, seriesChunks } from './chartRange.ts';

describe('chartRangeDates', () => {
  it('ends on the client’s today and spans the chosen number of days', () => {
    expect(chartRangeDates('7', '2026-11-16', '2026-01-01')).toEqual({
      from: '2026-11-10',
      to: '2026-11-16',
    });
    expect(chartRangeDates('90', '2026-11-16', '2026-01-01')).toEqual({
      from: '2026-08-19',
      to: '2026-11-16',
    });
  });

  it('never starts before the journey: a client of three days shows three days', () => {
    expect(chartRangeDates('30', '2026-11-16', '2026-11-14')).toEqual({
      from: '2026-11-14',
      to: '2026-11-16',
    });
  });

  it("'all' is the whole journey, however long", () => {
    expect(chartRangeDates('all', '2026-11-16', '2024-11-16')).toEqual({
      from: '2024-11-16',
      to: '2026-11-16',
    });
  });

  it('a journey that starts on the client’s today is one day', () => {
    expect(chartRangeDates('all', '2026-11-16', '2026-11-16')).toEqual({
      from: '2026-11-16',
      to: '2026-11-16',
    });
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
