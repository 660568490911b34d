import { Button as ChakraButton, type ButtonProps as ChakraButtonProps } from '@chakra-ui/react';
import { forwardRef, type MouseEventHandler, type ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';

/**
 * The button's own props, then the ones of Chakra's `Button` that Coach uses most. Every other
 * prop of Chakra's `Button` (style props such as `width`, `aria-*`, `form`, ...) passes on to it:
 * see https://chakra-ui.com/docs/components/button.
 */
export type ButtonProps = Omit<ChakraButtonProps, 'variant' | 'colorPalette'> & {
  /** Visual weight of the button. Defaults to `primary`. */
  variant?: ButtonVariant;
  /** Shows a spinner and disables the button while an action runs; the label stays beside it. */
  isLoading?: boolean;
  /** Icon shown before the label. */
  icon?: ReactNode;
  /** The label: say what happens ('Save changes', 'Invite client'). */
  children?: ReactNode;
  /** Height, padding and text size, from Chakra's button recipe. Defaults to `md`. */
  size?: ChakraButtonProps['size'];
  /** The native button's type: `submit` in a form's main action. Defaults to `button`. */
  type?: 'button' | 'submit' | 'reset';
  /** Dims the button and ignores clicks. */
  disabled?: boolean;
  /** Called on a click, Enter or Space. */
  onClick?: MouseEventHandler<HTMLButtonElement>;
};

const variantProps: Record<
  ButtonVariant,
  Pick<ChakraButtonProps, 'variant' | 'colorPalette' | '_hover'>
> = {
  primary: { variant: 'solid', colorPalette: 'brand' },
  secondary: { variant: 'outline', colorPalette: 'brand' },
  ghost: { variant: 'ghost', colorPalette: 'gray' },
  // Chakra's solid hover fades the fill to 90 %: white on that red is 4.3:1, under AA's 4.5:1,
  // so the danger button darkens on hover instead.
  danger: { variant: 'solid', colorPalette: 'red', _hover: { bg: 'red.700' } },
  link: { variant: 'plain', colorPalette: 'brand' },
};

/**
 * The Coach button: one component, five variants, a loading state and an optional icon. Every
 * prop of Chakra's `Button` besides `variant` and `colorPalette` passes on to it.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', isLoading = false, icon, children, ...rest },
  ref,
) {
  const link = variant === 'link';
  return (
    <ChakraButton
      ref={ref}
      {...variantProps[variant]}
      loading={isLoading}
      // The label stays beside the spinner, so the button keeps its accessible name.
      loadingText={isLoading ? children : undefined}
      textDecoration={link ? 'underline' : undefined}
      paddingInline={link ? 0 : undefined}
      height={link ? 'auto' : undefined}
      color={link ? 'accent.emphasized' : undefined}
      {...rest}
    >
      {icon}
      {children}
    </ChakraButton>
  );
});
