// The chart of one indicator over a report's period: an SVG of daily bars on a 0-100 % scale with
// the lagging limit drawn across. No text inside the SVG (the PDF's fonts would not reach it): the
// labels are the document's own text around it.

/** One day of the chart: its daily average in percent, or null without an answer. */
export type ChartDay = { date: string; value: number | null };

export type ChartOptions = {
  /** Width and height in PDF points. */
  width: number;
  height: number;
  /** The lagging limit in percent, drawn as a dashed line. */
  limitPercent: number;
};

const colours = {
  frame: '#a0aec0',
  grid: '#e2e8f0',
  bar: '#2b6cb0',
  lowBar: '#c05621',
  missing: '#cbd5e0',
  limit: '#9b2c2c',
};

/** Rounds a coordinate to 0.01 pt: a short file, and the same text for the same figures. */
const at = (value: number) => String(Math.round(value * 100) / 100);

/** The SVG of the daily bars of `days`, oldest on the left. */
export function indicatorChartSvg(days: readonly ChartDay[], options: ChartOptions): string {
  const { width, height, limitPercent } = options;
  const count = Math.max(1, days.length);
  const slot = width / count;
  const barWidth = Math.max(0.5, slot * 0.7);
  const y = (percent: number) => height - (Math.min(100, Math.max(0, percent)) / 100) * height;
  const bars = days.map((day, index) => {
    const x = at(index * slot + (slot - barWidth) / 2);
    if (day.value === null) {
      // A missing day is a thin mark on the base line, so a gap reads as "no answer", not zero.
      return `<rect x="${x}" y="${at(height - 1.5)}" width="${at(barWidth)}" height="1.5" fill="${colours.missing}"/>`;
    }
    const top = y(day.value);
    const fill = day.value < limitPercent ? colours.lowBar : colours.bar;
    return `<rect x="${x}" y="${at(top)}" width="${at(barWidth)}" height="${at(height - top)}" fill="${fill}"/>`;
  });
  const grid = [25, 50, 75, 100].map(
    (percent) =>
      `<line x1="0" y1="${at(y(percent))}" x2="${at(width)}" y2="${at(y(percent))}" stroke="${colours.grid}" stroke-width="0.5"/>`,
  );
  const limit = `<line x1="0" y1="${at(y(limitPercent))}" x2="${at(width)}" y2="${at(y(limitPercent))}" stroke="${colours.limit}" stroke-width="1" stroke-dasharray="4 3"/>`;
  const frame = `<rect x="0" y="0" width="${at(width)}" height="${at(height)}" fill="none" stroke="${colours.frame}" stroke-width="0.5"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${at(width)}" height="${at(height)}" viewBox="0 0 ${at(width)} ${at(height)}">`,
    ...grid,
    ...bars,
    limit,
    frame,
    '</svg>',
  ].join('');
}
