import { type ChangeEventHandler, type FocusEventHandler, type ReactNode, useId } from 'react';
import { staticClass } from '../theme/staticStyles.ts';
import type { fieldStyles } from './Field.styles.ts';

/** The ids that tie a form control to its label, helper text and error message. */
export type FieldIds = {
  control: string;
  label: string;
  helper: string;
  error: string;
};

/** Makes the ids of a field, from the caller's `id` when given, else from `useId`. */
export function useFieldIds(id?: string): FieldIds {
  const generatedId = useId();
  const control = id ?? generatedId;
  return {
    control,
    label: `${control}-label`,
    helper: `${control}-helper`,
    error: `${control}-error`,
  };
}

/** Joins the ids of the texts that describe a control, skipping the absent ones. */
export function joinIds(...ids: (string | false | null | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

/**
 * Props a control needs so its label, helper and error are announced with it, and so its look
 * follows the field's states (`data-invalid`, `data-required`), as Chakra's field gives its control.
 */
export function getFieldControlProps(
  ids: FieldIds,
  {
    hasError,
    hasHelper,
    isRequired = false,
  }: { hasError: boolean; hasHelper: boolean; isRequired?: boolean },
  ...extraDescribedBy: (string | false | null | undefined)[]
) {
  return {
    id: ids.control,
    'aria-invalid': hasError ? true : undefined,
    // The error first: it is what the user must act on.
    'aria-describedby': joinIds(
      hasError && ids.error,
      hasHelper && ids.helper,
      ...extraDescribedBy,
    ),
    'aria-errormessage': hasError ? ids.error : undefined,
    'data-invalid': hasError ? '' : undefined,
    'data-required': isRequired ? '' : undefined,
  } as const;
}

/**
 * The look of a text control in a field (input, textarea): the brand's focus ring, an emphasised
 * border, and the error colour on both when invalid. Spread last on the control.
 */
export const textControlStyle = {
  colorPalette: 'brand',
  borderColor: 'border.emphasized',
  _invalid: { borderColor: 'error', focusRingColor: 'error' },
} as const;

/**
 * The props every form control of the library shares (`TextField`, `PasswordField`, `Textarea`,
 * `Select`): its label, its messages and the states its `Field` shows. One place for what they
 * mean, so each control's Docs page describes them alike.
 */
export type FieldControlProps = {
  /** Visible label, linked to the control: it is the control's accessible name. */
  label: ReactNode;
  /**
   * Error message under the control: marks it invalid (`aria-invalid`, the error colour on its
   * border and focus ring) and describes it, read before the helper.
   */
  error?: ReactNode;
  /** Hint under the control, also describing it. */
  helper?: ReactNode;
  /** Disables the control and dims its label. */
  disabled?: boolean;
  /** Marks the control as required, for the browser and assistive technologies. */
  required?: boolean;
  /** Id of the control (the ids of its label, helper and error derive from it); generated when absent. */
  id?: string;
};

/**
 * The native props of a text control (`input`, `textarea`) that its Docs page describes; every
 * other native prop passes on to the element too.
 */
export type TextControlNativeProps<Element> = {
  /** Name of the value in a form submission; react-hook-form's `register()` sets it. */
  name?: string;
  /** The text (controlled), kept in step through `onChange`. */
  value?: string;
  /** The initial text (uncontrolled). */
  defaultValue?: string;
  /** Called on every change of the text. */
  onChange?: ChangeEventHandler<Element>;
  /** Called when the control loses focus (react-hook-form validates then). */
  onBlur?: FocusEventHandler<Element>;
};

export type FieldProps = {
  /** Ids from `useFieldIds`, shared with the control. */
  ids: FieldIds;
  /** Visible label of the control. */
  label: ReactNode;
  /** Error message; when present the field is invalid. */
  error?: ReactNode;
  /** Hint shown under the control. */
  helper?: ReactNode;
  /** Content at the end of the row under the control, e.g. a character counter. */
  helperEnd?: ReactNode;
  /** Dims the label of a disabled control. */
  disabled?: boolean;
  /** Marks the control as required for assistive technologies. */
  required?: boolean;
  /** The control itself. */
  children: ReactNode;
};

const cls = staticClass<typeof fieldStyles>;

const dataFlag = (isOn: boolean | undefined) => (isOn ? '' : undefined);

/**
 * Label, control, error message and helper text of a form control, with the look of Chakra's
 * `Field` made ahead of time (Field.styles.ts): it needs no Chakra provider.
 * The control must take its `id` and aria props from `getFieldControlProps(ids, ...)`.
 */
export function Field({
  ids,
  label,
  error,
  helper,
  helperEnd,
  disabled,
  required,
  children,
}: FieldProps) {
  const hasError = Boolean(error);
  const hasFooter = hasError || Boolean(helper) || Boolean(helperEnd);
  const states = {
    'data-disabled': dataFlag(disabled),
    'data-invalid': dataFlag(hasError),
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group as Chakra's field has it; a fieldset would bring its own border and spacing
    <div
      data-scope="field"
      data-part="root"
      id={`field::${ids.control}`}
      role="group"
      {...states}
      className={`chakra-field__root ${cls('field')}`}
    >
      <label
        data-scope="field"
        data-part="label"
        id={ids.label}
        {...states}
        data-required={dataFlag(required)}
        htmlFor={ids.control}
        className={`chakra-field__label ${cls('field-label')}`}
      >
        {label}
      </label>
      {children}
      {hasFooter && (
        <div className={cls('field-footer')}>
          <div className={cls('field-messages')}>
            {hasError && (
              <span
                id={ids.error}
                data-scope="field"
                data-part="error-text"
                aria-live="polite"
                className={`chakra-field__errorText ${cls('field-error')}`}
              >
                {error}
              </span>
            )}
            {helper && (
              <span
                id={ids.helper}
                data-scope="field"
                data-part="helper-text"
                data-disabled={dataFlag(disabled)}
                className={`chakra-field__helperText ${cls('field-helper')}`}
              >
                {helper}
              </span>
            )}
          </div>
          {helperEnd}
        </div>
      )}
    </div>
  );
}
