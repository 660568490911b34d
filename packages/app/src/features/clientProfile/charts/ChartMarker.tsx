import type { Indicator } from '@coach/domain';
import { indicatorStyle } from './chartStyle.ts';

export type ChartMarkerProps = { indicator: Indicator; x: number; y: number; size?: number };

/** An indicator's point: its own shape as well as its colour (legend, isolated days, hover). */
export function ChartMarker({ indicator, x, y, size = 3.5 }: ChartMarkerProps) {
  const { colour, marker } = indicatorStyle[indicator];
  if (marker === 'circle') return <circle cx={x} cy={y} r={size} fill={colour} />;
  if (marker === 'square') {
    return <rect x={x - size} y={y - size} width={size * 2} height={size * 2} fill={colour} />;
  }
  const d = size * 1.35;
  return <path d={`M${x} ${y - d}L${x + d} ${y}L${x} ${y + d}L${x - d} ${y}Z`} fill={colour} />;
}
