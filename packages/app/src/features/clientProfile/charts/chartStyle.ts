import type { Indicator } from '@coach/domain';

// SVG takes colours as attributes, not style props: these are the theme's tokens as CSS variables,
// so the charts follow the theme like every other component.
const token = (name: string) => `var(--chakra-colors-${name.replaceAll('.', '-')})`;

/** Each indicator's line: a colour and a marker shape, so that colour is never the only cue. */
export const indicatorStyle: Record<
  Indicator,
  { colour: string; marker: 'circle' | 'square' | 'diamond' }
> = {
  productivity: { colour: token('brand.600'), marker: 'circle' },
  mental: { colour: token('purple.700'), marker: 'square' },
  physical: { colour: token('blue.700'), marker: 'diamond' },
};

/** The other colours of the chart. */
export const chartColours = {
  grid: token('border'),
  axis: token('fg.muted'),
  laggingLine: token('lagging.700'),
  phaseLine: token('fg.subtle'),
  noData: token('ink.300'),
  active: token('fg.subtle'),
} as const;
