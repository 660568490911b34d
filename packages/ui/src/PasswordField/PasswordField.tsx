import { forwardRef, useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { Button } from '../Button/index.ts';
import { TextField, type TextInputProps } from '../TextField/index.ts';
import { staticClass } from '../theme/staticStyles.ts';
import type { passwordFieldStyles } from './PasswordField.styles.ts';

export type PasswordFieldProps = TextInputProps & {
  /**
   * Lets password managers fill the field: `current-password` to sign in, `new-password` where
   * a password is chosen.
   */
  autoComplete?: string;
  /** Accessible name of the toggle while the password is hidden. Defaults to 'Show password'. */
  showLabel?: string;
  /** Accessible name of the toggle while the password is shown. Defaults to 'Hide password'. */
  hideLabel?: string;
};

/**
 * A `TextField` for passwords, with a toggle button inside the field that shows or hides the
 * characters. Forwards its ref to the native `<input>`.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField(
    { showLabel = 'Show password', hideLabel = 'Hide password', disabled, ...textFieldProps },
    ref,
  ) {
    const [isVisible, setIsVisible] = useState(false);
    const handleToggle = () => setIsVisible((visible) => !visible);
    return (
      <TextField
        {...textFieldProps}
        ref={ref}
        type={isVisible ? 'text' : 'password'}
        disabled={disabled}
        endElement={
          <Button
            aria-label={isVisible ? hideLabel : showLabel}
            aria-pressed={isVisible}
            onClick={handleToggle}
            disabled={disabled}
            variant="ghost"
            size="sm"
            className={staticClass<typeof passwordFieldStyles>('password-toggle')}
          >
            {isVisible ? <LuEyeOff aria-hidden /> : <LuEye aria-hidden />}
          </Button>
        }
      />
    );
  },
);
