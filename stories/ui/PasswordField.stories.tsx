import { PasswordField } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fieldArgTypes } from './fixtures/fieldArgTypes.ts';
import { StatesGrid, showState, stateProps } from './fixtures/interactionStates.tsx';

const meta = {
  title: 'UI/PasswordField',
  component: PasswordField,
  tags: ['autodocs', 'status:stable'],
  args: {
    label: 'Password',
    name: 'password',
    autoComplete: 'current-password',
    onChange: fn(),
  },
  argTypes: fieldArgTypes,
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every prop in the controls, the toggle's accessible names included. */
export const Playground: Story = {
  args: {
    defaultValue: 'Coach123!',
    helper: 'At least 8 characters, with numbers and both upper- and lower-case letters.',
    error: '',
    disabled: false,
    required: false,
    showLabel: 'Show password',
    hideLabel: 'Hide password',
  },
};

/**
 * The eye button shows the characters and hides them again; it is a toggle (`aria-pressed`) whose
 * name says what it will do.
 */
export const Default: Story = {
  args: { defaultValue: 'Coach123!' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await expect(input).toHaveAttribute('type', 'password');

    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    const hide = canvas.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await expect(input).toHaveValue('Coach123!');

    await userEvent.click(hide);
    await expect(input).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Show password' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  },
};

/** No value yet: typing calls `onChange` once per character, the characters stay masked. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveValue('');
    await userEvent.type(input, 'Secret12');
    await expect(args.onChange).toHaveBeenCalledTimes(8);
  },
};

/** A value, masked: the dots and the eye button at the end of the input. */
export const Filled: Story = {
  args: { defaultValue: 'Coach123!' },
};

/** The characters shown as text after the eye button was pressed; the icon is the crossed eye. */
export const Revealed: Story = {
  args: { defaultValue: 'Coach123!' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'text');
  },
};

/** Invalid: error-coloured border and message, announced as the input's description. */
export const WithError: Story = {
  name: 'Error',
  args: {
    defaultValue: 'short',
    error: 'Password must be 8+ characters long',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Password must be 8+ characters long');
  },
};

/** The toggle's accessible names passed in (the app passes translated ones). */
export const CustomLabels: Story = {
  args: { label: 'New password', showLabel: 'Reveal', hideLabel: 'Conceal' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reveal' }));
    await expect(canvas.getByRole('button', { name: 'Conceal' })).toBeVisible();
  },
};

/** Long label, value, error and helper: the value scrolls under the eye button, never over it. */
export const LongText: Story = {
  args: {
    label: 'Confirm the new password that you will use to sign in to the coach app from now on',
    defaultValue: 'ThisIsAVeryLongPassphrase2026ThatKeepsGoingPastTheEndOfTheField',
    error: 'Passwords do not match. Type the same password in both fields, then press Next.',
    helper: 'At least 8 characters, with numbers and both upper- and lower-case letters.',
  },
};

/** Disabled: the input and its eye button both; the label dims. */
export const Disabled: Story = {
  args: { defaultValue: 'Coach123!', disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};

/** A 20rem column with an error: the message wraps, the eye button stays inside the input. */
export const Narrow: Story = {
  args: { defaultValue: 'Coach123!', error: 'Requires numbers and different case letters' },
  parameters: { width: '20rem' },
};

/** A 60rem column: the input stretches, the eye button stays at its end. */
export const Wide: Story = {
  args: { defaultValue: 'Coach123!' },
  parameters: { width: '60rem' },
};

/**
 * The input at rest and focused by keyboard (the ring inside its border), and the eye button
 * hovered (grey background) and focused by keyboard (the ring outside it).
 */
export const HoverAndFocus: Story = {
  args: { defaultValue: 'Coach123!' },
  render: (args) => (
    <StatesGrid
      rows={[
        { name: 'Rest', children: <PasswordField {...args} /> },
        {
          name: 'Focus visible',
          children: <PasswordField {...args} {...stateProps('focus-visible')} />,
        },
        { name: 'Toggle hovered', children: <PasswordField {...args} /> },
        { name: 'Toggle focus visible', children: <PasswordField {...args} /> },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const toggles = within(canvasElement).getAllByRole('button', { name: 'Show password' });
    showState(toggles[2], 'hover');
    showState(toggles[3], 'focus-visible');
  },
};
