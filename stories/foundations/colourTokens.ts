import { coachSystem, palette } from '@coach/ui';

/** A colour of the theme with its hex value, as the Foundations tables list it. */
export type ColourRow = {
  /** The token name to use in style props, e.g. `ink.900` or `error.fg`. */
  token: string;
  hex: string;
  /** For a semantic token, the palette token it points at (e.g. `error.700`). */
  reference?: string;
};

type PaletteName = keyof typeof palette;

const paletteHex = (reference: string): string | undefined => {
  const [name, shade] = reference.split('.') as [string, string | undefined];
  if (shade === undefined) return undefined;
  const shades = palette[name as PaletteName] as Record<string, string> | undefined;
  return shades?.[shade];
};

// `white` and `black` come from Chakra's base tokens, not from our palette.
const baseHex: Record<string, string> = { white: '#ffffff', black: '#000000' };

/** Every shade of the `palette` export, in order. */
export const paletteRows: ColourRow[] = Object.entries(palette).flatMap(([name, shades]) =>
  Object.entries(shades).map(([shade, hex]) => ({ token: `${name}.${shade}`, hex })),
);

/** Follows `{colors.x.y}` references until a palette or base colour. */
function resolveReference(tokenName: string): string | undefined {
  let reference = tokenName;
  for (let depth = 0; depth < 5; depth += 1) {
    const hex = paletteHex(reference) ?? baseHex[reference];
    if (hex) return reference;
    const original = coachSystem.tokens.getByName(`colors.${reference}`)?.originalValue;
    const match = typeof original === 'string' ? /^\{colors\.(.+)\}$/.exec(original) : null;
    if (!match?.[1]) return undefined;
    reference = match[1];
  }
  return undefined;
}

/**
 * The semantic colour tokens of the Coach theme: read from the system itself, so a token added in
 * `system.ts` shows here. Chakra's own defaults (which point at its gray/red palettes) are left out.
 */
export const semanticRows: ColourRow[] = coachSystem.tokens.allTokens
  .filter(
    (token) =>
      token.extensions.category === 'colors' &&
      token.extensions.conditions !== undefined &&
      !token.name.startsWith('colors.colorPalette'),
  )
  .flatMap((token) => {
    const name = token.name.replace(/^colors\./, '');
    const reference = resolveReference(name);
    const hex = reference ? (paletteHex(reference) ?? baseHex[reference]) : undefined;
    return reference && hex ? [{ token: name, hex, reference }] : [];
  });

/** The hex value of a semantic or palette token of the Coach theme. */
export function hexOf(token: string): string {
  const row =
    semanticRows.find((candidate) => candidate.token === token) ??
    paletteRows.find((candidate) => candidate.token === token);
  if (!row) throw new Error(`Not a Coach colour token: ${token}`);
  return row.hex;
}
