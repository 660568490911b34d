import { Select as ChakraSelect, createListCollection, Portal } from '@chakra-ui/react';
import { forwardRef, type ReactNode, useMemo } from 'react';
import { LuCheck, LuChevronDown } from 'react-icons/lu';
import { Field, getFieldControlProps, useFieldIds } from '../Field/index.ts';

/** One choice of a `Select`. */
export type SelectItem = {
  value: string;
  label: string;
  isDisabled?: boolean;
};

export type SelectProps = {
  /** Visible label; it names the trigger. */
  label: ReactNode;
  /** The choices, in display order. */
  items: SelectItem[];
  /** Shown while no item is chosen. */
  placeholder?: string;
  /** The chosen value (controlled); `null` or `''` means none. */
  value?: string | null;
  /** The initially chosen value (uncontrolled). */
  defaultValue?: string;
  /** Called with the chosen value. */
  onValueChange?: (value: string) => void;
  /** Called when the trigger loses focus (react-hook-form's `onBlur`). */
  onBlur?: () => void;
  /** Error message: red border, `aria-invalid` and a description of the trigger. */
  error?: ReactNode;
  /** Hint under the control. */
  helper?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Name of the hidden native select, so the value is submitted with a form. */
  name?: string;
  id?: string;
  /**
   * Whether the list is rendered at the end of the body (true by default). Inside a `Modal`, pass
   * false: the modal hides everything outside it from assistive technology, the list included.
   */
  isPortalled?: boolean;
};

/**
 * A dropdown select: label, placeholder, items and an error state.
 *
 * Built on Chakra's `Select` (Ark/zag) rather than `NativeSelect`: it follows the ARIA
 * combobox + listbox pattern with the same keyboard model in every browser (Enter, Space or
 * ArrowDown open, arrows move, Enter chooses, Escape closes, type-ahead), its options are real DOM
 * that play functions and the test-runner can see and axe can check (a native popup is drawn by
 * the OS, outside the page), and it can show the placeholder and items in our tokens. A hidden
 * native select still carries `name` into form submissions. With react-hook-form, use a
 * `Controller` (`value`, `onValueChange`, `onBlur`, `ref` to focus the trigger on error).
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  {
    label,
    items,
    placeholder,
    value,
    defaultValue,
    onValueChange,
    onBlur,
    error,
    helper,
    disabled,
    required,
    name,
    id,
    isPortalled = true,
  },
  ref,
) {
  const ids = useFieldIds(id);
  const hasError = Boolean(error);
  const collection = useMemo(
    () =>
      createListCollection({
        items,
        itemToString: (item) => item.label,
        itemToValue: (item) => item.value,
        isItemDisabled: (item) => Boolean(item.isDisabled),
      }),
    [items],
  );
  const handleValueChange = (details: { value: string[] }) =>
    onValueChange?.(details.value[0] ?? '');
  const { 'aria-describedby': describedBy, 'aria-invalid': ariaInvalid } = getFieldControlProps(
    ids,
    { hasError, hasHelper: Boolean(helper) },
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
      <ChakraSelect.Root
        collection={collection}
        value={value === undefined ? undefined : value ? [value] : []}
        defaultValue={defaultValue ? [defaultValue] : undefined}
        onValueChange={handleValueChange}
        invalid={hasError}
        disabled={disabled}
        required={required}
        name={name}
        positioning={{ sameWidth: true }}
        colorPalette="brand"
      >
        <ChakraSelect.HiddenSelect />
        <ChakraSelect.Control>
          <ChakraSelect.Trigger
            ref={ref}
            aria-describedby={describedBy}
            aria-invalid={ariaInvalid}
            onBlur={onBlur}
            borderColor="border.emphasized"
            _invalid={{ borderColor: 'error' }}
            _placeholderShown={{ color: 'fg.muted' }}
          >
            <ChakraSelect.ValueText placeholder={placeholder} />
          </ChakraSelect.Trigger>
          <ChakraSelect.IndicatorGroup>
            <ChakraSelect.Indicator color={hasError ? 'error.fg' : 'fg.muted'}>
              <LuChevronDown aria-hidden />
            </ChakraSelect.Indicator>
          </ChakraSelect.IndicatorGroup>
        </ChakraSelect.Control>
        <Portal disabled={!isPortalled}>
          <ChakraSelect.Positioner>
            <ChakraSelect.Content>
              {collection.items.map((item) => (
                <ChakraSelect.Item key={item.value} item={item}>
                  {item.label}
                  <ChakraSelect.ItemIndicator>
                    <LuCheck aria-hidden />
                  </ChakraSelect.ItemIndicator>
                </ChakraSelect.Item>
              ))}
            </ChakraSelect.Content>
          </ChakraSelect.Positioner>
        </Portal>
      </ChakraSelect.Root>
    </Field>
  );
});
