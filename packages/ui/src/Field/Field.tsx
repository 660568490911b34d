import { Field as ChakraField, HStack, Stack } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

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

/** Props a control needs so its label, helper and error are announced with it. */
export function getFieldControlProps(
  ids: FieldIds,
  { hasError, hasHelper }: { hasError: boolean; hasHelper: boolean },
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

/**
 * Label, control, error message and helper text of a form control, on Chakra's `Field`.
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
  return (
    <ChakraField.Root
      id={ids.control}
      ids={{ label: ids.label, helperText: ids.helper, errorText: ids.error }}
      invalid={hasError}
      disabled={disabled}
      required={required}
      gap="1.5"
    >
      <ChakraField.Label color="fg">{label}</ChakraField.Label>
      {children}
      {hasFooter && (
        <HStack width="full" align="start" justify="space-between" gap="3">
          <Stack gap="1" minWidth="0">
            {hasError && <ChakraField.ErrorText color="error.fg">{error}</ChakraField.ErrorText>}
            {helper && <ChakraField.HelperText color="fg.muted">{helper}</ChakraField.HelperText>}
          </Stack>
          {helperEnd}
        </HStack>
      )}
    </ChakraField.Root>
  );
}
