import { Input, InputGroup } from '@chakra-ui/react';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import { Field, getFieldControlProps, textControlStyle, useFieldIds } from '../Field/index.ts';

export type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'size'> & {
  /** Visible label, linked to the input. */
  label: ReactNode;
  /** Error message: marks the input invalid and describes it. */
  error?: ReactNode;
  /** Hint under the input, also describing it. */
  helper?: ReactNode;
  /** Content inside the end of the input, e.g. a toggle button. */
  endElement?: ReactNode;
};

/**
 * A labelled single-line input with optional helper text and error message.
 * Forwards its ref to the native `<input>`, so it works with react-hook-form's `register()`
 * as well as controlled through `value` and `onChange`.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    label,
    error,
    helper,
    endElement,
    id,
    type = 'text',
    disabled,
    required,
    'aria-describedby': describedBy,
    ...inputProps
  },
  ref,
) {
  const ids = useFieldIds(id);
  const input = (
    <Input
      {...inputProps}
      {...getFieldControlProps(
        ids,
        { hasError: Boolean(error), hasHelper: Boolean(helper) },
        describedBy,
      )}
      ref={ref}
      type={type}
      disabled={disabled}
      required={required}
      {...textControlStyle}
    />
  );
  return (
    <Field
      ids={ids}
      label={label}
      error={error}
      helper={helper}
      disabled={disabled}
      required={required}
    >
      {endElement ? <InputGroup endElement={endElement}>{input}</InputGroup> : input}
    </Field>
  );
});
