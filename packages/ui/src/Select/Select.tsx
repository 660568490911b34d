import { Select as ChakraSelect, createListCollection, Portal } from '@chakra-ui/react';
import { forwardRef, useMemo } from 'react';
import { LuCheck, LuChevronDown } from 'react-icons/lu';
import {
  Field,
  type FieldControlProps,
  getFieldControlProps,
  useFieldIds,
} from '../Field/index.ts';

/** One choice of a `Select`. */
export type SelectItem = {
  value: string;
  label: string;
  isDisabled?: boolean;
};

type SelectBaseProps = FieldControlProps & {
  /** The choices, in display order. */
  items: SelectItem[];
  /** Shown while no item is chosen. */
  placeholder?: string;
  /** Called when the trigger loses focus (react-hook-form's `onBlur`). */
  onBlur?: () => void;
  /** Name of the hidden native select, so the value is submitted with a form. */
  name?: string;
  /**
   * Whether the list is rendered at the end of the body (true by default). Inside a `Modal`, pass
   * false: the modal hides everything outside it from assistive technology, the list included.
   */
  isPortalled?: boolean;
};

/** The value props of a single `Select`. */
type SingleValueProps = {
  /** The chosen value (controlled); `null` or `''` means none. Without `multiple` only. */
  value?: string | null;
  /** The initially chosen value (uncontrolled). Without `multiple` only. */
  defaultValue?: string;
  /** Called with the chosen value. Without `multiple` only. */
  onValueChange?: (value: string) => void;
};

/** The value props of a `multiple` `Select`. */
type MultipleValueProps = {
  /** The chosen values (controlled); `[]` means none. With `multiple` only. */
  values?: string[];
  /** The initially chosen values (uncontrolled). With `multiple` only. */
  defaultValues?: string[];
  /** Called with the chosen values, in the order of `items`. With `multiple` only. */
  onValuesChange?: (values: string[]) => void;
};

/** One value: choosing an item replaces the choice and closes the list. */
export type SingleSelectProps = SelectBaseProps & SingleValueProps & { multiple?: false };

/**
 * Several values: choosing an item adds or removes it and the list stays open; the trigger lists
 * the chosen labels.
 */
export type MultipleSelectProps = SelectBaseProps & MultipleValueProps & { multiple: true };

export type SelectProps = SingleSelectProps | MultipleSelectProps;

/**
 * Every prop the component reads, both value APIs side by side: the type of its implementation,
 * which is also what its Docs page lists (react-docgen reads no union).
 */
type SelectImplementationProps = SelectBaseProps &
  SingleValueProps &
  MultipleValueProps & {
    /**
     * Several values (`values`, `defaultValues`, `onValuesChange`) instead of one (`value`,
     * `defaultValue`, `onValueChange`): choosing an item adds or removes it and the list stays
     * open.
     */
    multiple?: boolean;
  };

type RootSelection = {
  value: string[] | undefined;
  defaultValue: string[] | undefined;
  onValueChange: (details: { value: string[] }) => void;
};

/** The chosen items' labels in the items' order, `''` when none (the placeholder shows). */
function labelsInOrder(items: SelectItem[], values: string[]): string {
  return items
    .filter((item) => values.includes(item.value))
    .map((item) => item.label)
    .join(', ');
}

/** Maps either API onto the array-valued props of Chakra's `Select.Root`. */
function toRootSelection(props: SelectImplementationProps): RootSelection {
  if (props.multiple) {
    const { values, defaultValues, onValuesChange, items } = props;
    return {
      value: values,
      defaultValue: defaultValues,
      // Items' order, not clicking order: the same choice always reads and submits the same.
      onValueChange: ({ value }) =>
        onValuesChange?.(items.map((item) => item.value).filter((item) => value.includes(item))),
    };
  }
  const { value, defaultValue, onValueChange } = props;
  return {
    value: value === undefined ? undefined : value ? [value] : [],
    defaultValue: defaultValue ? [defaultValue] : undefined,
    onValueChange: ({ value: chosen }) => onValueChange?.(chosen[0] ?? ''),
  };
}

/**
 * A dropdown select: label, placeholder, items and an error state.
 *
 * Built on Chakra's `Select` (Ark/zag) rather than `NativeSelect`: it follows the ARIA
 * combobox + listbox pattern with the same keyboard model in every browser (Enter, Space or
 * ArrowDown open, arrows move, Enter chooses, Escape closes, type-ahead), its options are real DOM
 * that play functions and the test-runner can see and axe can check (a native popup is drawn by
 * the OS, outside the page), and it can show the placeholder and items in our tokens. A hidden
 * native select still carries `name` into form submissions. With react-hook-form, use a
 * `Controller` (`value`, `onValueChange`, `onBlur`, `ref` to focus the trigger on error), or with
 * `multiple`, `values` and `onValuesChange`.
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  props: SelectImplementationProps,
  ref,
) {
  const {
    label,
    items,
    placeholder,
    onBlur,
    error,
    helper,
    disabled,
    required,
    name,
    id,
    isPortalled = true,
  } = props;
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
  const selection = toRootSelection(props);
  const { 'aria-describedby': describedBy, 'aria-invalid': ariaInvalid } = getFieldControlProps(
    ids,
    { hasError, hasHelper: Boolean(helper) },
  );

  return (
    <Field {...{ ids, label, error, helper, disabled, required }}>
      <ChakraSelect.Root
        // The field's label names the trigger, and its control id is the hidden select's (as
        // Chakra's own field would tell the select).
        ids={{ label: ids.label, hiddenSelect: ids.control }}
        collection={collection}
        multiple={props.multiple}
        value={selection.value}
        defaultValue={selection.defaultValue}
        onValueChange={selection.onValueChange}
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
            {props.multiple ? (
              // Chakra lists labels in clicking order; the items' order reads the same each time.
              <ChakraSelect.Context>
                {(select) => (
                  <ChakraSelect.ValueText placeholder={placeholder}>
                    {labelsInOrder(items, select.value)}
                  </ChakraSelect.ValueText>
                )}
              </ChakraSelect.Context>
            ) : (
              <ChakraSelect.ValueText placeholder={placeholder} />
            )}
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
