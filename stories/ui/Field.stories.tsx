import { chakra, Input } from '@chakra-ui/react';
import {
  Field,
  type FieldProps,
  getFieldControlProps,
  textControlStyle,
  useFieldIds,
} from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, within } from 'storybook/test';
import { fieldArgTypes } from './fixtures/fieldArgTypes.ts';

type FieldStoryProps = Omit<FieldProps, 'ids' | 'children'>;

/**
 * A control of one's own in a `Field`, as the library's TextField, Textarea and Select are built:
 * `useFieldIds` makes the ids, `getFieldControlProps` ties the control to its label, error and
 * helper, `textControlStyle` gives it the look of the other text controls.
 */
function DateOfBirthField(props: FieldStoryProps) {
  const ids = useFieldIds();
  const controlProps = getFieldControlProps(ids, {
    hasError: Boolean(props.error),
    hasHelper: Boolean(props.helper),
    isRequired: props.required,
  });
  return (
    <Field ids={ids} {...props}>
      <Input
        type="date"
        defaultValue="1990-04-12"
        disabled={props.disabled}
        required={props.required}
        {...controlProps}
        {...textControlStyle}
      />
    </Field>
  );
}

/**
 * The frame of every form control: label, control, error message and helper text, with the
 * ids that make a screen reader announce the control with its error first, then its hint. Use it
 * to build a control the library does not have.
 */
const meta = {
  title: 'UI/Field',
  // Field's own props in the Docs table (its docgen travels with the function); the stories render
  // it around a control of their own, so their args are the props Field gets from outside.
  component: Field as ComponentType<FieldStoryProps>,
  render: (args) => <DateOfBirthField {...args} />,
  tags: ['autodocs', 'status:stable'],
  args: { label: 'Birth date' },
  argTypes: { ...fieldArgTypes, helperEnd: { control: false } },
  parameters: { width: '24rem' },
} satisfies Meta<FieldStoryProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every prop in the controls: try the label, the error, the helper and the states. */
export const Playground: Story = {
  args: { helper: 'Clients see their age, not this date', required: false, disabled: false },
};

/** The label names the control. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const control = within(canvasElement).getByLabelText('Birth date');
    await expect(control).toHaveValue('1990-04-12');
    await expect(control).not.toHaveAttribute('aria-invalid');
    await expect(control).not.toHaveAttribute('aria-describedby');
  },
};

/** A hint under the control, announced as its description. */
export const WithHelper: Story = {
  args: { helper: 'Clients see their age, not this date' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Birth date')).toHaveAccessibleDescription(
      'Clients see their age, not this date',
    );
  },
};

/** An error: the control is invalid and the error is announced before the hint. */
export const WithError: Story = {
  name: 'Error',
  args: { error: 'Birth date is in the future', helper: 'Clients see their age, not this date' },
  play: async ({ canvasElement }) => {
    const control = within(canvasElement).getByLabelText('Birth date');
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(
      'Birth date is in the future Clients see their age, not this date',
    );
  },
};

/** Content at the end of the row under the control, such as a character counter. */
export const WithHelperEnd: Story = {
  args: {
    helper: 'Clients see their age, not this date',
    helperEnd: (
      <chakra.span fontSize="sm" color="fg.muted">
        Optional
      </chakra.span>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Optional')).toBeVisible();
  },
};

/** Required: the control is marked required, for the browser and assistive technology. */
export const Required: Story = {
  args: { required: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText(/Birth date/)).toBeRequired();
  },
};

/** Disabled: the label dims with the control. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Birth date')).toBeDisabled();
  },
};
