import { IconButton } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { TextField, type TextInputProps } from '../TextField/index.ts';

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
          <IconButton
            aria-label={isVisible ? hideLabel : showLabel}
            aria-pressed={isVisible}
            type="button"
            onClick={handleToggle}
            disabled={disabled}
            variant="ghost"
            colorPalette="gray"
            color="fg.muted"
            size="sm"
          >
            {isVisible ? <LuEyeOff aria-hidden /> : <LuEye aria-hidden />}
          </IconButton>
        }
      />
    );
  },
);
