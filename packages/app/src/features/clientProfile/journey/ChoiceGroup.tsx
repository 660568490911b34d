import { Checkbox, CheckboxGroup, Fieldset, Wrap } from '@chakra-ui/react';
import type { Ref } from 'react';

export type ChoiceGroupProps = {
  legend: string;
  helper?: string;
  choices: { value: string; label: string }[];
  value: string[];
  onValueChange: (value: string[]) => void;
  error?: string;
  /** The first checkbox, focused by the form on an error. */
  firstRef?: Ref<HTMLInputElement>;
};

/** Several choices of one field (the goals): a fieldset of checkboxes with its error. */
export function ChoiceGroup({
  legend,
  helper,
  choices,
  value,
  onValueChange,
  error,
  firstRef,
}: ChoiceGroupProps) {
  return (
    <Fieldset.Root invalid={error !== undefined}>
      <Fieldset.Legend fontWeight="medium" color="fg">
        {legend}
      </Fieldset.Legend>
      {helper ? <Fieldset.HelperText>{helper}</Fieldset.HelperText> : null}
      <CheckboxGroup value={value} onValueChange={onValueChange} invalid={error !== undefined}>
        <Wrap gap="3" marginBlockStart="1">
          {choices.map((choice, index) => (
            <Checkbox.Root key={choice.value} value={choice.value}>
              <Checkbox.HiddenInput ref={index === 0 ? firstRef : undefined} />
              <Checkbox.Control />
              <Checkbox.Label>{choice.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      </CheckboxGroup>
      {error ? <Fieldset.ErrorText color="error.fg">{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}
