import type { SystemContext, TokenInterface as Token } from '@chakra-ui/react';

/**
 * The token dictionary of a Chakra system as data: what `createSystem` builds from the theme's
 * tokens and semantic tokens (references, CSS variables, colour palettes, negative spacing...),
 * written ahead of time by tokens.test.ts into tokens.generated.ts. Each token is its path and
 * value, plus whatever of it `defaultToken` does not already give.
 */
export type TokenData = {
  /** The categories of the config's `theme.tokens` and `theme.semanticTokens`, in order. */
  categories: { tokens: string[]; semanticTokens: string[] };
  tokens: EncodedToken[];
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Fields = { [key: string]: Json };
/** Top-level fields and extensions that differ from the defaults; null removes a default. */
type Overrides = { token?: Fields; extensions?: Fields };
type EncodedToken = [path: string[], value: Json, overrides?: Overrides];

type Loose = Record<string, unknown>;
const loose = (value: object) => value as Loose;

type Format = Pick<SystemContext['tokens'], 'formatCssVar' | 'prefix'>;

/** Chakra's colour palette extension of a colour token (its `tokens/colors/colorPalette`). */
function colorPaletteOf(path: string[]) {
  let palette = path.slice(1, -1);
  if (palette.length === 0) palette = path.slice(1);
  if (palette.length === 0) return undefined;
  const root = palette[0] as string;
  const keys = path.slice(path.indexOf(root) + 1).map((_, index, rest) => rest.slice(index));
  if (keys.length === 0) keys.push(['']);
  return {
    value: palette.join('.'),
    roots: palette.map((_, index) => palette.slice(0, index + 1)),
    keys,
  };
}

/** A token as Chakra makes it from a path and a value, before the overrides. */
function defaultToken(path: string[], value: Json, format: Format): Token {
  const category = path[0] as string;
  const token: Token = {
    value,
    originalValue: value,
    name: path.join('.'),
    path,
    extensions: {
      condition: 'base',
      originalPath: path,
      category,
      prop: path.slice(1).join('.'),
      cssVar: format.formatCssVar(path.filter(Boolean), format.prefix),
    },
  };
  const colorPalette = category === 'colors' ? colorPaletteOf(path) : undefined;
  if (colorPalette) token.extensions.colorPalette = colorPalette;
  return token;
}

function applyFields(target: Loose, fields: Fields | undefined) {
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (value === null) delete target[key];
    else target[key] = value;
  }
}

function decodeTokens(encoded: EncodedToken[], format: Format): Token[] {
  const tokens = encoded.map(([path, value, overrides]) => {
    const token = defaultToken(path, value, format);
    applyFields(loose(token), overrides?.token);
    applyFields(loose(token.extensions), overrides?.extensions);
    return token;
  });
  // References are stored as token names: each points at the token of that name.
  const byName = new Map<string, Token>();
  for (const token of tokens) {
    if (token.extensions.condition === 'base' || !byName.has(token.name)) {
      byName.set(token.name, token);
    }
  }
  for (const token of tokens) {
    const names = token.extensions.references as unknown as string[] | undefined;
    if (names) {
      token.extensions.references = Object.fromEntries(
        names.map((name) => [name, byName.get(name) as Token]),
      );
    }
  }
  return tokens;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function diff(actual: Loose, base: Loose, skip: string[]) {
  const fields: Fields = {};
  for (const key of new Set([...Object.keys(actual), ...Object.keys(base)])) {
    if (skip.includes(key) || same(actual[key], base[key])) continue;
    if (actual[key] === null) throw new Error(`a token field is null: ${key}`);
    fields[key] = actual[key] === undefined ? null : (actual[key] as Json);
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** The data `hydrateTokens` rebuilds the dictionary of `system` from (tokens.test.ts). */
export function encodeTokens(system: SystemContext): TokenData {
  const dictionary = system.tokens;
  const tokens = dictionary.allTokens.map((token): EncodedToken => {
    const base = defaultToken(token.path, token.value, dictionary);
    const overrides: Overrides = {};
    const fields = diff(loose(token), loose(base), ['path', 'value', 'extensions']);
    if (fields) overrides.token = fields;
    const extensions = diff(loose(token.extensions), loose(base.extensions), ['references']);
    const references = token.extensions.references;
    if (extensions || references) {
      overrides.extensions = { ...extensions };
      if (references) overrides.extensions.references = Object.keys(references);
    }
    return overrides.token || overrides.extensions
      ? [token.path, token.value, overrides]
      : [token.path, token.value];
  });
  const { tokens: tokenConfig = {}, semanticTokens = {} } = system._config.theme ?? {};
  return {
    categories: { tokens: Object.keys(tokenConfig), semanticTokens: Object.keys(semanticTokens) },
    tokens,
  };
}

/** The value of `key` in `map`, added by `make` when missing. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** Adds a colour token to the colour palettes, as Chakra's `buildColorPalette` does. */
function addToColorPalettes(
  token: Token,
  tokenMap: Map<string, Token>,
  colorPaletteMap: Map<string, Map<string, string>>,
) {
  const { colorPalette, virtual, default: isDefault, cssVar } = token.extensions;
  if (!colorPalette || virtual || !cssVar) return;
  const palette = (name: string) => entry(colorPaletteMap, name, () => new Map<string, string>());
  for (const root of colorPalette.roots) {
    const pairs = palette(root.join('.'));
    const start = token.path.findIndex((_, index) =>
      root.every((part, offset) => token.path[index + offset] === part),
    );
    const virtualPath = [...token.path];
    if (start !== -1) virtualPath.splice(start, root.length, 'colorPalette');
    const virtualVar = tokenMap.get(virtualPath.join('.'))?.extensions.cssVar?.var;
    if (!virtualVar) continue;
    pairs.set(virtualVar, cssVar.ref);
    if (isDefault && root.length === 1) {
      const paletteVar = tokenMap.get('colors.colorPalette')?.extensions.cssVar?.var;
      const ref = tokenMap.get(token.name)?.extensions.cssVar?.ref;
      const keyPath = colorPalette.keys[0]?.filter(Boolean) ?? [];
      if (!paletteVar || !ref || keyPath.length === 0) continue;
      palette(root.concat(keyPath).join('.')).set(paletteVar, ref);
    }
  }
}

/**
 * A theme with the token categories of `data` and no token in them: a system created with it
 * (and no tokens elsewhere) builds an empty dictionary, that `hydrateTokens` then fills, and
 * lists the same categories in `system.query`.
 */
export function tokenCategories(data: TokenData) {
  const empty = (names: string[]) => Object.fromEntries(names.map((name) => [name, {}]));
  return {
    theme: {
      tokens: empty(data.categories.tokens),
      semanticTokens: empty(data.categories.semanticTokens),
    },
  };
}

/**
 * Fills the token dictionary of `system`, created from a config without tokens (only
 * `tokenCategories(data)`) and without global styles, with `data`, and redoes what `createSystem`
 * derives from the dictionary: the token values of the style props (`utility`), the
 * `colorPalette` prop and `system.token`. The system then styles as one created from the whole
 * config (tokens.test.ts compares them), without building the dictionary and its CSS at start.
 * It relies on `createSystem`'s closures reading the dictionary's maps and
 * `tokens.getCategoryValues` when called, not copies: tokens.test.ts fails when Chakra changes
 * that.
 */
export function hydrateTokens(system: SystemContext, data: TokenData) {
  const dictionary = system.tokens;
  const tokens = decodeTokens(data.tokens, dictionary);
  const { allTokens, tokenMap, flatMap, cssVarMap, categoryMap, colorPaletteMap } = dictionary;
  allTokens.length = 0;
  for (const map of [tokenMap, flatMap, cssVarMap, categoryMap, colorPaletteMap]) map.clear();
  for (const token of tokens) {
    allTokens.push(token);
    if (token.extensions.condition === 'base' || !tokenMap.has(token.name)) {
      tokenMap.set(token.name, token);
    }
  }
  const byCategory: Record<string, Record<string, string>> = {};
  // The views, as Chakra's token dictionary builds them (`setupViews`).
  for (const token of tokens) {
    const { condition, category, prop, conditions, negative, virtual, cssVar } = token.extensions;
    const inCategory = entry(categoryMap, category, () => new Map<string, Token>());
    if (condition == null || condition === 'base') inCategory.set(prop, token);
    else if (conditions && !inCategory.has(prop)) inCategory.set(prop, token);
    if (!negative && !virtual && condition && cssVar && token.value !== '') {
      entry(cssVarMap, condition, () => new Map<string, string>()).set(cssVar.var, token.value);
    }
    const value = negative
      ? conditions
        ? token.originalValue
        : token.value
      : (cssVar?.ref as string);
    byCategory[category] ??= {};
    byCategory[category][prop] = value;
    flatMap.set(`${category}.${prop}`, value);
    addToColorPalettes(token, tokenMap, colorPaletteMap);
  }
  dictionary.getCategoryValues = (category) => byCategory[category] ?? (null as never);

  // The style props whose values are tokens read them again, now that there are tokens. Those
  // sharing a function of the theme (the colour props) share its values: it makes them once.
  const valuesOf = new Map<unknown, unknown>();
  for (const [property, config] of Object.entries(system._config.utilities ?? {})) {
    const values = config?.values;
    if (typeof values === 'string') system.utility.register(property, config);
    if (typeof values === 'function') {
      const shared = (theme: (category: string) => unknown) => {
        if (theme !== dictionary.getCategoryValues) return values(theme as never);
        if (!valuesOf.has(values)) valuesOf.set(values, values(theme as never));
        return valuesOf.get(values);
      };
      system.utility.register(property, { ...config, values: shared as typeof values });
    }
  }
  const palettes = Object.fromEntries(
    [...colorPaletteMap].map(([name, pairs]) => [name, Object.fromEntries(pairs)]),
  );
  system.utility.register('colorPalette', {
    values: Object.keys(palettes),
    transform: (value: string) => palettes[value] as never,
  });

  // `system.token`, as createSystem makes it (`getTokenMap`).
  const values = new Map<string, { value: string; variable: string }>();
  for (const name of new Set(allTokens.map((token) => token.name))) {
    const token = tokenMap.get(name);
    if (!token?.extensions.cssVar) continue;
    const { cssVar, virtual, conditions } = token.extensions;
    const semantic = Boolean(conditions) || virtual;
    values.set(name, { value: semantic ? cssVar.ref : token.value, variable: cssVar.ref });
  }
  system.token = Object.assign(
    (path: string, fallback?: unknown) => values.get(path)?.value || fallback,
    { var: (path: string, fallback?: unknown) => values.get(path)?.variable || fallback },
  ) as SystemContext['token'];
}
