import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  forwardRef,
  type MouseEventHandler,
  type ReactNode,
} from 'react';
import { staticClass } from '../theme/staticStyles.ts';
import type {
  ButtonSize,
  ButtonVariant,
  buttonLoaderStyles,
  buttonStyles,
} from './Button.styles.ts';

export type { ButtonSize, ButtonVariant } from './Button.styles.ts';

/**
 * The button's own props, then where it sits in its container, then every attribute of a native
 * `button` (`aria-*`, `form`, `title`, ...).
 */
export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> & {
  /** Visual weight of the button. Defaults to `primary`. */
  variant?: ButtonVariant;
  /** Shows a spinner and disables the button while an action runs; the label stays beside it. */
  isLoading?: boolean;
  /** Icon shown before the label. */
  icon?: ReactNode;
  /** The label: say what happens ('Save changes', 'Invite client'). */
  children?: ReactNode;
  /** Height, padding and text size, from Chakra's button recipe. Defaults to `md`. */
  size?: ButtonSize;
  /** The native button's type: `submit` in a form's main action. Defaults to `button`. */
  type?: 'button' | 'submit' | 'reset';
  /** Dims the button and ignores clicks. */
  disabled?: boolean;
  /** Called on a click, Enter or Space. */
  onClick?: MouseEventHandler<HTMLButtonElement>;
  /** Its alignment in a flex container (`flex-start`, `center`, `flex-end`). */
  alignSelf?: CSSProperties['alignSelf'];
  /** Its width: `full` (its container's) or a CSS length. Defaults to its content's. */
  width?: 'full' | (string & {});
  /** Where the icon and label sit inside a button wider than them. Defaults to `center`. */
  justifyContent?: CSSProperties['justifyContent'];
};

/** Placement in the container: inline, it is the only style the element has of its own. */
function placementStyle(
  { alignSelf, width, justifyContent }: Pick<ButtonProps, 'alignSelf' | 'width' | 'justifyContent'>,
  style: CSSProperties | undefined,
): CSSProperties | undefined {
  if (alignSelf === undefined && width === undefined && justifyContent === undefined) return style;
  return {
    alignSelf,
    width: width === 'full' ? '100%' : width,
    justifyContent,
    ...style,
  };
}

/**
 * The Coach button: one component, five variants, a loading state and an optional icon. Its look
 * is Chakra's button recipe made into CSS ahead of time (Button.styles.ts): it renders a plain
 * `button` with one class, and needs no Chakra provider.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    isLoading = false,
    icon,
    children,
    type = 'button',
    disabled,
    alignSelf,
    width,
    justifyContent,
    className,
    style,
    ...rest
  },
  ref,
) {
  const look = [
    staticClass<typeof buttonStyles>('button'),
    staticClass<typeof buttonStyles>(`button-${variant}`),
    staticClass<typeof buttonStyles>(`button-size-${size}`),
  ].join(' ');
  return (
    <button
      ref={ref}
      type={type}
      {...rest}
      data-loading={isLoading ? '' : undefined}
      disabled={isLoading || disabled}
      className={className ? `chakra-button ${look} ${className}` : `chakra-button ${look}`}
      style={placementStyle({ alignSelf, width, justifyContent }, style)}
    >
      {isLoading ? (
        // The label stays beside the spinner, so the button keeps its accessible name.
        <span className={staticClass<typeof buttonLoaderStyles>('button-loader')}>
          <span
            className={`chakra-spinner ${staticClass<typeof buttonLoaderStyles>('button-spinner')}`}
          />
          {children}
        </span>
      ) : (
        <>
          {icon}
          {children}
        </>
      )}
    </button>
  );
});
