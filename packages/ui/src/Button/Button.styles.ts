import type { SystemStyleObject } from '@chakra-ui/react';
import { defineStaticStyles, type StaticStyle } from '../theme/staticStyles.ts';

/** The looks of a Coach button, from the most to the least prominent. */
export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger', 'link'] as const;
export type ButtonVariant = (typeof buttonVariants)[number];

/** The sizes of Chakra's button recipe that Coach uses. */
export const buttonSizes = ['2xs', 'xs', 'sm', 'md', 'lg'] as const;
export type ButtonSize = (typeof buttonSizes)[number];

/** Each Coach variant as Chakra's button recipe variant, its colour palette and any change. */
const looks: Record<ButtonVariant, { variant: string; css: SystemStyleObject }> = {
  primary: { variant: 'solid', css: { colorPalette: 'brand' } },
  secondary: { variant: 'outline', css: { colorPalette: 'brand' } },
  ghost: { variant: 'ghost', css: { colorPalette: 'gray' } },
  // Chakra's solid hover fades the fill to 90 %: white on that red is 4.3:1, under AA's 4.5:1,
  // so the danger button darkens on hover instead.
  danger: { variant: 'solid', css: { colorPalette: 'red', _hover: { bg: 'red.700' } } },
  link: {
    variant: 'plain',
    css: {
      colorPalette: 'brand',
      textDecoration: 'underline',
      paddingInline: 0,
      height: 'auto',
      color: 'accent.emphasized',
    },
  },
};

/**
 * Chakra's button recipe in parts, as classes in its order: `button` (its base), then
 * `button-<variant>` (the variant, its colour palette and any change), then `button-size-<size>`.
 */
export const buttonStyles = {
  button: { recipe: { key: 'button', only: 'base' } },
  ...Object.fromEntries(
    buttonVariants.map((variant) => [
      `button-${variant}`,
      {
        recipe: { key: 'button', variants: { variant: looks[variant].variant }, only: 'variant' },
        css: looks[variant].css,
      },
    ]),
  ),
  ...Object.fromEntries(
    buttonSizes.map((size) => [
      `button-size-${size}`,
      { recipe: { key: 'button', variants: { size }, only: 'size' } },
    ]),
  ),
} as Record<'button' | `button-${ButtonVariant}` | `button-size-${ButtonSize}`, StaticStyle>;

/** The spinner of a loading button and the span around it and the label (Chakra's `Loader`). */
export const buttonLoaderStyles = defineStaticStyles({
  'button-loader': { css: { display: 'contents' } },
  'button-spinner': {
    recipe: { key: 'spinner', variants: { size: 'inherit' } },
    css: { borderWidth: '0.125em', color: 'inherit' },
  },
});
