import { Textarea as ChakraTextarea, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  type ChangeEvent,
  type ComponentPropsWithoutRef,
  forwardRef,
  type InputEvent,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  Field,
  type FieldControlProps,
  getFieldControlProps,
  type TextControlNativeProps,
  textControlStyle,
  useFieldIds,
} from '../Field/index.ts';

/** Default maximum number of characters of a `Textarea`. */
export const TEXTAREA_DEFAULT_MAX_LENGTH = 500;

export type TextareaProps = Omit<
  ComponentPropsWithoutRef<'textarea'>,
  | 'maxLength'
  | 'placeholder'
  | 'rows'
  | keyof FieldControlProps
  | keyof TextControlNativeProps<HTMLTextAreaElement>
> &
  FieldControlProps &
  TextControlNativeProps<HTMLTextAreaElement> & {
    /** Visible lines of text; more scroll. Defaults to the browser's 2. */
    rows?: number;
    /**
     * Maximum number of characters shown in the counter. Typing beyond it is allowed (the counter
     * turns to the error colour); rejecting the value is the form's job. Defaults to 500.
     */
    maxLength?: number;
    /** Shown in the empty textarea; never a replacement for the label. */
    placeholder?: string;
    /** Announced once when the text goes over `maxLength`. Defaults to 'Character limit exceeded'. */
    overLimitMessage?: string;
  };

/**
 * Characters as the counter counts them (code points, as the server's limits count them): an
 * emoji is one, not two.
 */
export const countCharacters = (value: TextareaProps['value']) => {
  if (value === undefined || value === null) return 0;
  let length = 0;
  for (const _ of String(value)) length += 1;
  return length;
};

/**
 * A labelled multi-line input with a 'length/max' character counter that turns to the error
 * colour over the maximum. Forwards its ref to the native `<textarea>`; works controlled
 * (`value`) and uncontrolled (`defaultValue`, or react-hook-form's `register()`). Every other prop
 * of a native `<textarea>` (`value`, `onChange`, `rows`, ...) passes on to it.
 */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  {
    label,
    maxLength = TEXTAREA_DEFAULT_MAX_LENGTH,
    error,
    helper,
    overLimitMessage = 'Character limit exceeded',
    id,
    disabled,
    required,
    value,
    defaultValue,
    onChange,
    onInput,
    'aria-describedby': describedBy,
    ...textareaProps
  },
  forwardedRef,
) {
  const ids = useFieldIds(id);
  const counterId = `${ids.control}-counter`;
  const elementRef = useRef<HTMLTextAreaElement | null>(null);
  const isControlled = value !== undefined;
  const [uncontrolledLength, setUncontrolledLength] = useState(() => countCharacters(defaultValue));
  const length = isControlled ? countCharacters(value) : uncontrolledLength;
  const isOverLimit = length > maxLength;

  const setRefs = useCallback(
    (element: HTMLTextAreaElement | null) => {
      elementRef.current = element;
      if (typeof forwardedRef === 'function') forwardedRef(element);
      else if (forwardedRef) forwardedRef.current = element;
    },
    [forwardedRef],
  );

  // Uncontrolled, the DOM holds the value: react-hook-form sets it through the ref on mount and
  // again on reset(), without any event. Reading it after each render keeps the counter true.
  useLayoutEffect(() => {
    if (!isControlled && elementRef.current) {
      setUncontrolledLength(countCharacters(elementRef.current.value));
    }
  });

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (!isControlled) setUncontrolledLength(countCharacters(event.target.value));
    onChange?.(event);
  };
  const handleInput = (event: InputEvent<HTMLTextAreaElement>) => {
    if (!isControlled) setUncontrolledLength(countCharacters(event.currentTarget.value));
    onInput?.(event);
  };

  return (
    <Field
      {...{ ids, label, error, helper, disabled, required }}
      helperEnd={
        <Text
          id={counterId}
          textStyle="xs"
          flexShrink={0}
          marginInlineStart="auto"
          color={isOverLimit ? 'error.fg' : 'fg.muted'}
          fontWeight={isOverLimit ? 'medium' : undefined}
          fontVariantNumeric="tabular-nums"
        >
          {length}/{maxLength}
        </Text>
      }
    >
      <ChakraTextarea
        {...textareaProps}
        {...getFieldControlProps(
          ids,
          { hasError: Boolean(error), hasHelper: Boolean(helper) },
          counterId,
          describedBy,
        )}
        ref={setRefs}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        onInput={handleInput}
        disabled={disabled}
        required={required}
        {...textControlStyle}
      />
      {/* The counter is read with the description on focus; only crossing the limit is announced. */}
      <VisuallyHidden aria-live="polite">{isOverLimit ? overLimitMessage : ''}</VisuallyHidden>
    </Field>
  );
});
