import type { SeriesDay } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { toIndicatorChart } from './indicatorChartData.ts';

const none = { completed: 0, scheduled: 0 };
const day = (
  date: string,
  [productivity, mental, physical]: [number | null, number | null, number | null],
): SeriesDay => ({
  date,
  productivity,
  mental,
  physical,
  usageHours: 0,
  hrv: null,
  pulseRate: null,
  respiratoryRate: null,
  exercises: none,
  reflections: none,
  assessments: none,
});

const steps = [
  { step: 'learn' as const, startDate: '2026-11-01' },
  { step: 'sense' as const, startDate: '2026-11-03' },
];

describe('toIndicatorChart', () => {
  it('marks a day without any figure as no data, never as a zero', () => {
    const chart = toIndicatorChart(
      [day('2026-11-01', [80, 75, 90]), day('2026-11-02', [null, null, null])],
      steps,
    );
    expect(chart.days[1]).toMatchObject({
      isNoData: true,
      values: { productivity: null, mental: null, physical: null },
      lagging: { productivity: false, mental: false, physical: false },
    });
    expect(chart.daysWithData).toBe(1);
  });

  it('a low day is data: zero is drawn as zero and flagged under 70 %', () => {
    const chart = toIndicatorChart([day('2026-11-01', [0, 69.9, 70])], steps);
    expect(chart.days[0]).toMatchObject({
      isNoData: false,
      values: { productivity: 0, mental: 69.9, physical: 70 },
      lagging: { productivity: true, mental: true, physical: false },
    });
  });

  it('breaks each line where a day has no figure', () => {
    const chart = toIndicatorChart(
      [
        day('2026-11-01', [80, 75, 90]),
        day('2026-11-02', [82, null, 91]),
        day('2026-11-03', [null, null, null]),
        day('2026-11-04', [70, 60, 50]),
      ],
      steps,
    );
    expect(chart.segments.productivity).toEqual([
      { startIndex: 0, values: [80, 82] },
      { startIndex: 3, values: [70] },
    ]);
    expect(chart.segments.mental).toEqual([
      { startIndex: 0, values: [75] },
      { startIndex: 3, values: [60] },
    ]);
  });

  it('marks the phase the range opens in and each phase that starts inside it', () => {
    const chart = toIndicatorChart(
      [
        day('2026-11-02', [80, 75, 90]),
        day('2026-11-03', [80, 75, 90]),
        day('2026-11-04', [80, 75, 90]),
      ],
      steps,
    );
    expect(chart.phases).toEqual([
      { index: 0, date: '2026-11-02', step: 'learn' },
      { index: 1, date: '2026-11-03', step: 'sense' },
    ]);
    expect(chart.days.map((entry) => entry.step)).toEqual(['learn', 'sense', 'sense']);
  });

  it('gives nothing to draw for an empty series', () => {
    const chart = toIndicatorChart([], steps);
    expect(chart).toMatchObject({ days: [], phases: [], daysWithData: 0 });
  });
});
