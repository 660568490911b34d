import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { lazySystem } from './lazySystem.ts';
import { chakraLightTheme, coachConfig } from './systemConfig.ts';
import { hydrateTokens, tokenCategories } from './tokenData.ts';
import { coachTokenData } from './tokens.generated.ts';

/**
 * The same system without building its tokens at start: `createSystem` gets the config without
 * tokens and global styles (an empty dictionary, no token CSS to make), then the dictionary is
 * filled from tokens.generated.ts, which tokens.test.ts writes from `createCoachSystemInFull()`
 * and checks it styles alike. Its `_global` is empty: `CoachUiProvider` inserts the global CSS
 * from globalCss.generated.ts.
 */
function createCoachSystemFromData(): SystemContext {
  const {
    tokens: _tokens,
    semanticTokens: _semanticTokens,
    ...coachTheme
  } = coachConfig.theme ?? {};
  const system = createSystem(
    defaultBaseConfig,
    chakraLightTheme,
    tokenCategories(coachTokenData),
    { theme: coachTheme },
  );
  hydrateTokens(system, coachTokenData);
  return { ...system, _global: [] };
}

/**
 * `coachSystem` without its global styles (their CSS is the stylesheet `@coach/ui/global.css`),
 * built from the token data when a member is first read.
 */
export const coachSystemWithoutGlobalCss: SystemContext =
  /* @__PURE__ */ lazySystem(createCoachSystemFromData);
