import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type SystemContext,
} from '@chakra-ui/react';
import { globalCss, semanticTokens, tokens } from '@chakra-ui/react/theme';
import { lazySystem } from './lazySystem.ts';
import { lightOnly } from './lightOnly.ts';
import { chakraLightTheme, coachConfig } from './systemConfig.ts';
import { coachSystemWithoutGlobalCss } from './systemFromData.ts';

export { coachConfig, fontSizes, radii } from './systemConfig.ts';
export { coachSystemWithoutGlobalCss } from './systemFromData.ts';

/**
 * The Coach design system built by Chakra's `createSystem` from the whole config: slow to build,
 * it serves the tests that generate and check the static files, and the
 * `_config` and `_global` of `coachSystem`.
 * Chakra's `defaultConfig` is `defaultBaseConfig` + `defaultThemeConfig`, but importing it also
 * runs the module that builds Chakra's own `defaultSystem` at load (not marked pure, so no
 * bundler drops it): a second whole system, built and thrown away before the first paint.
 */
export function createCoachSystemInFull(): SystemContext {
  // Chakra's tokens, light values only, and its global styles.
  const chakraLightTokens = defineConfig({
    preflight: true,
    globalCss,
    theme: { tokens, semanticTokens: lightOnly(semanticTokens) },
  });
  return createSystem(defaultBaseConfig, chakraLightTheme, chakraLightTokens, coachConfig);
}

/**
 * The Coach design system: pass it to `ChakraProvider` (or use `CoachUiProvider`). It is
 * `coachSystemWithoutGlobalCss` with the config and global styles (`_config`, `_global`,
 * `getGlobalCss`, `getPreflightCss`) of `createCoachSystemInFull()`, each built when first read.
 */
export const coachSystem: SystemContext = /* @__PURE__ */ (() => {
  let full: SystemContext | undefined;
  const inFull = () => {
    full ??= createCoachSystemInFull();
    return full;
  };
  return lazySystem(() => coachSystemWithoutGlobalCss, {
    get _config() {
      return inFull()._config;
    },
    get _global() {
      return inFull()._global;
    },
    getGlobalCss: () => inFull().getGlobalCss(),
    getPreflightCss: () => inFull().getPreflightCss(),
  });
})();
