import { PasswordField } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'UI/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: {
    label: 'Password',
    name: 'password',
    autoComplete: 'current-password',
    onChange: fn(),
  },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

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

export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveValue('');
    await userEvent.type(input, 'Secret12');
    await expect(args.onChange).toHaveBeenCalledTimes(8);
  },
};

export const Filled: Story = {
  args: { defaultValue: 'Coach123!' },
};

export const Revealed: Story = {
  args: { defaultValue: 'Coach123!' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'text');
  },
};

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

export const CustomLabels: Story = {
  args: { label: 'New password', showLabel: 'Reveal', hideLabel: 'Conceal' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reveal' }));
    await expect(canvas.getByRole('button', { name: 'Conceal' })).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    label: 'Confirm the new password that you will use to sign in to the coach app from now on',
    defaultValue: 'ThisIsAVeryLongPassphrase2026ThatKeepsGoingPastTheEndOfTheField',
    error: 'Passwords do not match. Type the same password in both fields, then press Next.',
    helper: 'At least 8 characters, with numbers and both upper- and lower-case letters.',
  },
};

export const Disabled: Story = {
  args: { defaultValue: 'Coach123!', disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};

export const Narrow: Story = {
  args: { defaultValue: 'Coach123!', error: 'Requires numbers and different case letters' },
  parameters: { width: '20rem' },
};

export const Wide: Story = {
  args: { defaultValue: 'Coach123!' },
  parameters: { width: '60rem' },
};
