import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * One element's look, made into CSS ahead of time from the design system: a recipe of the system
 * (plain, or one slot of a slot recipe) with its variants, then style props over it, merged as
 * Chakra merges a component's recipe, `css` and style props. The CSS is what Chakra would insert
 * for that element at run time (the same tokens, conditions and layers), under a class of its
 * own, so the element needs no style resolution, no emotion and no Chakra provider to render.
 */
export type StaticStyle = {
  recipe?: {
    key: string;
    /** The slot of a slot recipe; absent for a plain recipe. */
    slot?: string;
    variants?: Record<string, string | boolean>;
    /**
     * One part of the recipe only: its `base`, or the styles of one variant key (`size`) for the
     * value in `variants`. An element then takes one class per part, from classes written in
     * the recipe's order (base, then its variants), which styles it as the whole recipe does
     * while the stylesheet holds each part once, not every combination.
     */
    only?: 'base' | (string & {});
  };
  /** Style props over the recipe, in order (later ones win). */
  css?: SystemStyleObject | readonly SystemStyleObject[];
};

/** Styles by name: the element's class is the name after its package's prefix. */
export type StaticStyles = Record<string, StaticStyle>;

/**
 * Static styles by name, typed by their names: `staticClass<typeof styles>` then accepts only
 * those (and the declaration files name the keys, not the styles' whole inferred type).
 */
export function defineStaticStyles<const Name extends string>(
  styles: Record<Name, StaticStyle>,
): Record<Name, StaticStyle> {
  return styles;
}

/** Chakra's `Stack` (a column with a gap, a token of the spacing scale) as style props. */
export function stackCss(gap: string): SystemStyleObject {
  return { display: 'flex', flexDirection: 'column', gap };
}

/** The prefix of the @coach/ui static classes. */
export const uiStaticPrefix = 'coach-';

/**
 * The class of a static style: `classOf<typeof someStyles>('name')` is `coach-name`. Import the
 * styles as a type only (`import type`), so that their objects stay out of the bundle: the
 * stylesheet already holds them as CSS.
 */
export function staticClass<S extends StaticStyles>(name: keyof S & string): string {
  return `${uiStaticPrefix}${name}`;
}
