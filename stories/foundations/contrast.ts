/** WCAG 2 contrast, computed from hex colours, for the Foundations pages. */

/** Parses '#rgb' or '#rrggbb' into 0..255 channels. */
export function hexToRgb(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`Not a hex colour: ${hex}`);
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** The CSS `rgb(r, g, b)` form that `getComputedStyle` reports for a hex colour. */
export const hexToRgbString = (hex: string) => `rgb(${hexToRgb(hex).join(', ')})`;

const channel = (value: number) => {
  const unit = value / 255;
  return unit <= 0.04045 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance (WCAG 2.x). */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = hexToRgb(hex).map(channel) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** Contrast ratio of two colours, 1..21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** AA for normal-size text needs 4.5:1; large text (and UI parts) 3:1. */
export const AA_TEXT = 4.5;
export const AA_LARGE_TEXT = 3;

/** Two decimals, truncated rather than rounded, so 4.499 never shows as a passing 4.50. */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
