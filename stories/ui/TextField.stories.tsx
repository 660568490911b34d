import { TextField } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fieldArgTypes } from './fixtures/fieldArgTypes.ts';
import { FieldStatesGrid } from './fixtures/interactionStates.tsx';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  tags: ['autodocs', 'status:stable'],
  args: {
    label: 'First name',
    name: 'firstName',
    onChange: fn(),
    onBlur: fn(),
  },
  argTypes: { ...fieldArgTypes, endElement: { control: false } },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every prop in the controls: type a label, an error or a helper, and switch the states. */
export const Playground: Story = {
  args: {
    placeholder: 'Enter your first name',
    helper: 'As your clients will see it',
    error: '',
    type: 'text',
    disabled: false,
    required: false,
  },
};

/** Typing into the field: the helper is the input's accessible description. */
export const Default: Story = {
  args: { helper: 'As your clients will see it' },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'First name' });
    await expect(input).toHaveAccessibleDescription('As your clients will see it');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, 'Anna');
    await expect(input).toHaveValue('Anna');
    await expect(args.onChange).toHaveBeenCalledTimes(4);
  },
};

/** No value yet: the placeholder shows in the muted colour. */
export const Empty: Story = {
  args: { placeholder: 'Enter your first name' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'First name' })).toHaveValue(
      '',
    );
  },
};

/** An uncontrolled field with a value (`defaultValue`). */
export const Filled: Story = {
  args: { defaultValue: 'Anna' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('First name')).toHaveValue('Anna');
  },
};

/**
 * Invalid: error-coloured border and message; the input is `aria-invalid` and announces the error
 * before the helper.
 */
export const WithError: Story = {
  name: 'Error',
  args: {
    defaultValue: '',
    error: 'First name is required',
    helper: 'As your clients will see it',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'First name' });
    await expect(canvas.getByText('First name is required')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'First name is required As your clients will see it',
    );
  },
};

/** `type="email"` with the browser's autocomplete, as on the sign-in screen. */
export const Email: Story = {
  args: {
    label: 'Email',
    name: 'email',
    type: 'email',
    autoComplete: 'email',
    defaultValue: 'coach@example.com',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'type',
      'email',
    );
  },
};

/** A long label, value, error and helper: the texts wrap, the value scrolls inside the input. */
export const LongText: Story = {
  args: {
    label: 'First name as it appears on the documents you uploaded when you joined the programme',
    defaultValue:
      'Maria Alexandra Konstantina Wilhelmina Theodora Bartholomew-Vandenberghe-Oyelaran-Nakamura',
    error:
      'Max 250 characters. Shorten the name or use the short form that your clients know you by.',
    helper: 'Shown to your clients in their app next to your profile picture and in every report.',
  },
};

/** Disabled: input and label dimmed, the value still readable. */
export const Disabled: Story = {
  args: { defaultValue: 'Anna', disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'First name' })).toBeDisabled();
  },
};

/** A 20rem column with an error: label, input and message keep their alignment. */
export const Narrow: Story = {
  args: { defaultValue: 'Anna', error: 'First name is required' },
  parameters: { width: '20rem' },
};

/** A 60rem column: the input stretches to the full width. */
export const Wide: Story = {
  args: { defaultValue: 'Anna', helper: 'As your clients will see it' },
  parameters: { width: '60rem' },
};

/**
 * At rest, hovered and focused by keyboard, valid and invalid: hover leaves a text input as it is;
 * the focus ring is drawn inside the border, in the brand colour, or the error colour when invalid.
 */
export const HoverAndFocus: Story = {
  args: { defaultValue: 'Anna' },
  render: (args) => (
    <FieldStatesGrid
      error="First name is required"
      render={(props) => <TextField {...args} {...props} />}
    />
  ),
};

/**
 * Don't: the hint in the placeholder. It goes as soon as the coach types, and it is not the
 * input's description (a screen reader may not read it): put it in `helper`, as Default does.
 */
export const DontHintInPlaceholder: Story = {
  name: 'Don’t: the hint in the placeholder',
  args: { placeholder: 'As your clients will see it' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'First name' });
    await expect(input).not.toHaveAccessibleDescription('As your clients will see it');
  },
};
