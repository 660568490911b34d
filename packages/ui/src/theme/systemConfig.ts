import { defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  checkboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  recipes,
  selectSlotRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  textStyles,
} from '@chakra-ui/react/theme';
import { palette } from './palette.ts';

const toTokens = <T extends Record<string, Record<string | number, string>>>(colours: T) =>
  Object.fromEntries(
    Object.entries(colours).map(([name, shades]) => [
      name,
      Object.fromEntries(Object.entries(shades).map(([shade, value]) => [shade, { value }])),
    ]),
  );

/** Font sizes in rem: they follow the root font size that the app sets by screen width. */
export const fontSizes = {
  '2xs': '0.625rem',
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.25rem',
  '2xl': '1.5rem',
  '3xl': '1.875rem',
  '4xl': '2.25rem',
} as const;

/** Corner radii in rem. */
export const radii = {
  none: '0',
  xs: '0.125rem',
  sm: '0.25rem',
  md: '0.5rem',
  lg: '0.75rem',
  xl: '1rem',
  full: '9999px',
} as const;

/**
 * The Coach tokens over Chakra's defaults, without recipes: `coachSystem` adds it to Chakra's
 * whole default config; a page that shows a few components can add it to a trimmed one.
 */
export const coachConfig = defineConfig({
  globalCss: {
    'html, body': {
      fontFamily: 'body',
      color: 'fg',
      bg: 'bg',
    },
  },
  theme: {
    tokens: {
      colors: toTokens(palette),
      fonts: {
        heading: { value: "'Inter Variable', 'DejaVu Sans', sans-serif" },
        body: { value: "'Inter Variable', 'DejaVu Sans', sans-serif" },
      },
      fontSizes: Object.fromEntries(
        Object.entries(fontSizes).map(([name, value]) => [name, { value }]),
      ),
      radii: Object.fromEntries(Object.entries(radii).map(([name, value]) => [name, { value }])),
    },
    semanticTokens: {
      colors: {
        bg: {
          DEFAULT: { value: '{colors.white}' },
          subtle: { value: '{colors.ink.50}' },
          muted: { value: '{colors.ink.100}' },
        },
        fg: {
          DEFAULT: { value: '{colors.ink.900}' },
          muted: { value: '{colors.ink.600}' },
          subtle: { value: '{colors.ink.500}' },
        },
        border: {
          DEFAULT: { value: '{colors.ink.200}' },
          emphasized: { value: '{colors.ink.400}' },
        },
        accent: {
          DEFAULT: { value: '{colors.brand.600}' },
          emphasized: { value: '{colors.brand.700}' },
          subtle: { value: '{colors.brand.50}' },
          muted: { value: '{colors.brand.100}' },
          fg: { value: '{colors.white}' },
        },
        success: {
          DEFAULT: { value: '{colors.success.600}' },
          fg: { value: '{colors.success.700}' },
          subtle: { value: '{colors.success.100}' },
        },
        error: {
          DEFAULT: { value: '{colors.error.600}' },
          fg: { value: '{colors.error.700}' },
          subtle: { value: '{colors.error.100}' },
        },
        warning: {
          DEFAULT: { value: '{colors.warning.500}' },
          fg: { value: '{colors.warning.700}' },
          subtle: { value: '{colors.warning.100}' },
        },
        lagging: {
          DEFAULT: { value: '{colors.lagging.500}' },
          fg: { value: '{colors.lagging.700}' },
          subtle: { value: '{colors.lagging.100}' },
        },
        // Chakra's `brand` colour palette, so `colorPalette="brand"` works on its components.
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: '{colors.white}' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

/**
 * The slot recipes of the Chakra components that Coach's components and screens use (Chakra has
 * 57; the others, from accordion to tree view, would only weigh on the first load and on
 * `createSystem` at start). A Chakra component that is not listed renders unstyled: add its recipe
 * here when a component starts using it (the stories' snapshots show the difference).
 */
const usedSlotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  select: selectSlotRecipe,
  stat: statSlotRecipe,
  table: tableSlotRecipe,
};

/**
 * Chakra's theme as `defaultThemeConfig` has it, without its tokens and global styles (which
 * `createCoachSystemInFull` adds): its styles, plain recipes (19, small) and the slot recipes above.
 */
export const chakraLightTheme = /* @__PURE__ */ defineConfig({
  cssVarsPrefix,
  cssVarsRoot,
  theme: {
    breakpoints,
    keyframes,
    recipes,
    slotRecipes: usedSlotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});
