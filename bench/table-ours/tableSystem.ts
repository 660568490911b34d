// The Coach design system trimmed to what a page showing only the SortableTable needs: Chakra's
// base config and tokens, the Coach tokens, and the table and skeleton recipes. The look is
// the same as under `coachSystem`; the page just does not load and build the other recipes.

import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  breakpoints,
  globalCss,
  keyframes,
  semanticTokens,
  skeletonRecipe,
  tableSlotRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { coachConfig } from '@coach/ui';

const chakraTableConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    recipes: { skeleton: skeletonRecipe },
    slotRecipes: { table: tableSlotRecipe },
  },
});

export const tableSystem = createSystem(defaultBaseConfig, chakraTableConfig, coachConfig);
