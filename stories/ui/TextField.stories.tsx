import { TextField } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: {
    label: 'First name',
    name: 'firstName',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

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

export const Empty: Story = {
  args: { placeholder: 'Enter your first name' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'First name' })).toHaveValue(
      '',
    );
  },
};

export const Filled: Story = {
  args: { defaultValue: 'Anna' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('First name')).toHaveValue('Anna');
  },
};

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

export const Disabled: Story = {
  args: { defaultValue: 'Anna', disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'First name' })).toBeDisabled();
  },
};

export const Narrow: Story = {
  args: { defaultValue: 'Anna', error: 'First name is required' },
  parameters: { width: '20rem' },
};

export const Wide: Story = {
  args: { defaultValue: 'Anna', helper: 'As your clients will see it' },
  parameters: { width: '60rem' },
};
