/**
 * Rounds half away from zero to `decimals` places, on the decimal value as written rather than
 * its binary approximation: 69.95 becomes 70 (plain `Math.round(69.95 * 10) / 10` can give 69.9).
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const magnitude = Math.abs(value);
  // Shifting through the decimal string keeps 69.95 exactly 699.5 before rounding. Exponent
  // notation (1e-7, 1e21) cannot be shifted that way: those take the plain arithmetic path.
  const shifted = Number(`${magnitude}e${decimals}`);
  const viaString = Number(`${Math.round(shifted)}e-${decimals}`);
  const rounded = Number.isFinite(viaString)
    ? viaString
    : Math.round(magnitude * 10 ** decimals) / 10 ** decimals;
  return sign * rounded + 0; // + 0 turns -0 into 0
}
