import { describe, expect, it } from 'vitest';
import { reportPeriod } from './reportPeriod.ts';

describe('reportPeriod', () => {
  it('defaults to the journey so far, cut to its last 90 days', () => {
    expect(reportPeriod({}, '2026-11-01', '2026-11-16')).toEqual({
      ok: true,
      period: { from: '2026-11-01', to: '2026-11-16' },
    });
    expect(reportPeriod({}, '2026-01-01', '2026-11-16')).toEqual({
      ok: true,
      period: { from: '2026-08-19', to: '2026-11-16' },
    });
  });

  it('refuses one date without the other, a reversed period and one over 90 days', () => {
    const message = (asked: { from?: string; to?: string }) => {
      const result = reportPeriod(asked, '2026-01-01', '2026-11-16');
      return result.ok ? null : result.message;
    };
    expect(message({ from: '2026-11-01' })).toBe('Give both from and to, or neither');
    expect(message({ from: '2026-11-10', to: '2026-11-01' })).toBe(
      'The period ends before it starts',
    );
    expect(message({ from: '2026-01-01', to: '2026-11-01' })).toBe(
      'A report covers at most 90 days',
    );
    expect(message({ from: '2026-11-01', to: '2026-11-10' })).toBeNull();
  });
});
