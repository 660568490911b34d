// Apart from enumeration.ts (which builds schemas with TypeBox), so the rules and the app narrow
// values without it.

/** Narrows an unknown value to one of `values` (input or stored text against an enumeration). */
export function isOneOf<const T extends string | number>(
  values: readonly T[],
  value: unknown,
): value is T {
  return (values as readonly unknown[]).includes(value);
}
