import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type HTMLInputTypeAttribute,
  type ReactNode,
} from 'react';
import {
  Field,
  type FieldControlProps,
  getFieldControlProps,
  type TextControlNativeProps,
  useFieldIds,
} from '../Field/index.ts';
import { staticClass } from '../theme/staticStyles.ts';
import type { textFieldStyles } from './TextField.styles.ts';

/** The native input's own props, passed on to it; the props declared below take precedence. */
type NativeInputProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  | 'size'
  | 'type'
  | 'placeholder'
  | keyof FieldControlProps
  | keyof TextControlNativeProps<HTMLInputElement>
>;

/** The props of a labelled text input, shared by `TextField` and `PasswordField`. */
export type TextInputProps = NativeInputProps &
  FieldControlProps &
  TextControlNativeProps<HTMLInputElement> & {
    /** Shown in the empty input; never a replacement for the label. */
    placeholder?: string;
  };

export type TextFieldProps = TextInputProps & {
  /** The native input's type (`email`, `search`, `tel`, ...). Defaults to `text`. */
  type?: HTMLInputTypeAttribute;
  /** Content inside the end of the input, e.g. a toggle button. */
  endElement?: ReactNode;
};

const cls = staticClass<typeof textFieldStyles>;

/**
 * A labelled single-line input with optional helper text and error message, with the look of
 * Chakra's input made ahead of time (TextField.styles.ts): it needs no Chakra provider.
 * Forwards its ref to the native `<input>`, so it works with react-hook-form's `register()`
 * as well as controlled through `value` and `onChange`; every other prop of a native `<input>`
 * (`value`, `onChange`, `autoComplete`, `inputMode`, ...) passes on to it.
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
  const look = endElement
    ? `chakra-input ${cls('text-input')} ${cls('text-input-with-end')}`
    : `chakra-input ${cls('text-input')}`;
  const input = (
    <input
      {...inputProps}
      {...getFieldControlProps(
        ids,
        { hasError: Boolean(error), hasHelper: Boolean(helper), isRequired: required },
        describedBy,
      )}
      data-scope="field"
      data-part="input"
      ref={ref}
      type={type}
      disabled={disabled}
      required={required}
      className={look}
    />
  );
  return (
    <Field {...{ ids, label, error, helper, disabled, required }}>
      {endElement ? (
        <div className={`chakra-group ${cls('text-input-group')}`}>
          {input}
          <div className={cls('text-input-end')}>{endElement}</div>
        </div>
      ) : (
        input
      )}
    </Field>
  );
});
