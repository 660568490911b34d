import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { type CSSObject, serializeStyles } from '@emotion/serialize';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import type { StaticStyle, StaticStyles } from './staticStyles.ts';

export {
  defineStaticStyles,
  type StaticStyle,
  type StaticStyles,
  stackCss,
} from './staticStyles.ts';

/**
 * The styles of one static style as Chakra resolves a component's at render
 * (`useResolvedProps`): the recipe's styles for its variants (in the `recipes` layer), then the
 * style props, through the system's `css`.
 */
function resolvedStyles(system: SystemContext, style: StaticStyle): SystemStyleObject {
  const extra = style.css === undefined ? [] : ([] as SystemStyleObject[]).concat(style.css);
  const { recipe } = style;
  if (!recipe) return system.css(...extra);
  const isSlot = recipe.slot !== undefined;
  if (!(isSlot ? system.isSlotRecipe(recipe.key) : system.isRecipe(recipe.key))) {
    throw new Error(`The system has no ${isSlot ? 'slot recipe' : 'recipe'} ${recipe.key}`);
  }
  const config: RecipeConfig = isSlot
    ? system.getSlotRecipe(recipe.key)
    : system.getRecipe(recipe.key);
  const variants = recipe.variants ?? {};
  let part = config;
  if (recipe.only !== undefined) {
    // A part alone styles as the whole only when no compound variant joins two parts.
    if ((config.compoundVariants ?? []).length > 0) {
      throw new Error(`The recipe ${recipe.key} has compound variants: it cannot be split`);
    }
    const only = recipe.only;
    part =
      only === 'base'
        ? { slots: config.slots, base: config.base }
        : { slots: config.slots, variants: { [only]: config.variants?.[only] ?? {} } };
  }
  const selected =
    recipe.only === undefined
      ? variants
      : recipe.only === 'base'
        ? {}
        : pick(variants, recipe.only);
  let recipeStyles: SystemStyleObject | undefined;
  if (isSlot) {
    const slot = recipe.slot ?? '';
    recipeStyles = system.sva(part as never)(selected)[slot] as SystemStyleObject | undefined;
    if (!recipeStyles) throw new Error(`The slot recipe ${recipe.key} has no slot ${slot}`);
  } else {
    recipeStyles = system.cva(part as never)(selected);
  }
  return system.css(recipeStyles, ...extra);
}

type RecipeConfig = {
  slots?: string[];
  base?: unknown;
  variants?: Record<string, Record<string, unknown>>;
  compoundVariants?: unknown[];
};

const pick = (variants: Record<string, string | boolean>, key: string) =>
  key in variants ? { [key]: variants[key] } : {};

/**
 * The CSS of static styles, each under the class `prefix + name`: the rules emotion would insert
 * for a Chakra element with those styles (serialised by emotion, compiled by stylis with its
 * prefixer, as emotion's cache does). Made ahead of time by a test that writes the stylesheet and
 * fails when it is out of date.
 */
export function staticCssOf(system: SystemContext, styles: StaticStyles, prefix: string): string {
  const rules: string[] = [];
  for (const [name, style] of Object.entries(styles)) {
    // emotion's types know CSS objects, not the system's conditions: the object is resolved CSS.
    const serialized = serializeStyles([resolvedStyles(system, style) as CSSObject]);
    const css = serialize(
      compile(`.${prefix}${name}{${serialized.styles}}`),
      middleware([prefixer, stringify]),
    );
    rules.push(css);
  }
  return rules.join('\n');
}
