import { Button as ChakraButton, type ButtonProps as ChakraButtonProps } from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';

export type ButtonProps = Omit<ChakraButtonProps, 'variant' | 'colorPalette'> & {
  /** Visual weight of the button. Defaults to `primary`. */
  variant?: ButtonVariant;
  /** Shows a spinner and disables the button while an action runs. */
  isLoading?: boolean;
  /** Icon shown before the label. */
  icon?: ReactNode;
};

const variantProps: Record<ButtonVariant, Pick<ChakraButtonProps, 'variant' | 'colorPalette'>> = {
  primary: { variant: 'solid', colorPalette: 'brand' },
  secondary: { variant: 'outline', colorPalette: 'brand' },
  ghost: { variant: 'ghost', colorPalette: 'gray' },
  danger: { variant: 'solid', colorPalette: 'red' },
  link: { variant: 'plain', colorPalette: 'brand' },
};

/** The Coach button: one component, five variants, a loading state and an optional icon. */
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
