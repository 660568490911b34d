import type { SystemContext } from '@chakra-ui/react';

/**
 * Every member of a Chakra system, as `createSystem` returns it (the type checks the list is
 * whole; `system.test.ts` checks it against a built system).
 */
export const systemMembers = {
  $$chakra: true,
  _config: true,
  _global: true,
  breakpoints: true,
  tokens: true,
  conditions: true,
  utility: true,
  token: true,
  properties: true,
  layers: true,
  isValidProperty: true,
  splitCssProps: true,
  normalizeValue: true,
  getTokenCss: true,
  getGlobalCss: true,
  getPreflightCss: true,
  css: true,
  cva: true,
  sva: true,
  getRecipe: true,
  getSlotRecipe: true,
  getRecipeFn: true,
  getSlotRecipeFn: true,
  hasRecipe: true,
  isRecipe: true,
  isSlotRecipe: true,
  query: true,
} satisfies Record<keyof SystemContext, true>;

/**
 * A system made by `build` when one of its members is first read, not when its module loads; the
 * members of `answered` are read from it without building. A member read once becomes a plain
 * property holding the built system's, so Chakra's reads at each render cost what they cost on
 * the built system.
 */
export function lazySystem(
  build: () => SystemContext,
  answered: Partial<SystemContext> = {},
): SystemContext {
  let system: SystemContext | undefined;
  const lazy = {} as SystemContext;
  for (const key of Object.keys(systemMembers) as (keyof SystemContext)[]) {
    const own = Object.getOwnPropertyDescriptor(answered, key);
    if (own) {
      Object.defineProperty(lazy, key, { ...own, enumerable: true });
      continue;
    }
    Object.defineProperty(lazy, key, {
      enumerable: true,
      configurable: true,
      get() {
        system ??= build();
        const value = system[key];
        Object.defineProperty(lazy, key, { value, enumerable: true });
        return value;
      },
    });
  }
  return lazy;
}
