import { Textarea, type TextareaProps } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

/** The computed colour of the `error.fg` token, read from a probe element styled with it. */
function errorColour() {
  const probe = document.createElement('span');
  probe.style.color = 'var(--chakra-colors-error-fg)';
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

const longText =
  'Anna slept badly this week after the move and skipped two evening reflections. ' +
  'Her mental indicator dropped under the lagging limit on Tuesday, then recovered after the ' +
  'breathing exercises at 6 BPM. Keep the calm goal for the next phase and check in on Friday.';

function ControlledTextarea(props: TextareaProps) {
  const [value, setValue] = useState(String(props.value ?? ''));
  return (
    <Textarea
      {...props}
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        props.onChange?.(event);
      }}
    />
  );
}

const meta = {
  title: 'UI/Textarea',
  component: Textarea,
  tags: ['autodocs'],
  args: {
    label: 'Mental wellbeing',
    name: 'mentalWellbeing',
    rows: 4,
    onChange: fn(),
  },
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { helper: 'Your notes for this section of the report' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textarea = canvas.getByRole('textbox', { name: 'Mental wellbeing' });
    await expect(canvas.getByText('0/500')).toBeVisible();
    await userEvent.type(textarea, 'Hello coach!');
    await expect(canvas.getByText('12/500')).toBeVisible();
    await expect(textarea).toHaveAccessibleDescription(
      'Your notes for this section of the report 12/500',
    );
  },
};

export const Empty: Story = {
  args: { placeholder: 'Write your notes' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('0/500')).toBeVisible();
  },
};

export const Filled: Story = {
  args: { defaultValue: longText },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(`${longText.length}/500`)).toBeVisible();
  },
};

export const Controlled: Story = {
  args: { value: 'Good week', maxLength: 20 },
  render: (args) => <ControlledTextarea {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('9/20')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox'), ', calm.');
    await expect(canvas.getByText('16/20')).toBeVisible();
    await expect(args.onChange).toHaveBeenCalledTimes(7);
  },
};

export const AtLimit: Story = {
  args: { defaultValue: 'a'.repeat(500) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const counter = canvas.getByText('500/500');
    await expect(getComputedStyle(counter).color).not.toBe(errorColour());
    // Typing past the maximum is allowed: rejecting it is the form's job.
    await userEvent.type(canvas.getByRole('textbox'), 'b');
    const over = canvas.getByText('501/500');
    await expect(getComputedStyle(over).color).toBe(errorColour());
  },
};

export const OverLimit: Story = {
  args: { defaultValue: 'a'.repeat(501) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const counter = canvas.getByText('501/500');
    const bodyColour = getComputedStyle(document.body).color;
    await expect(errorColour()).not.toBe(bodyColour);
    await expect(getComputedStyle(counter).color).toBe(errorColour());
    await expect(canvas.getByText('Character limit exceeded')).toBeInTheDocument();
  },
};

export const WithError: Story = {
  name: 'Error',
  args: { defaultValue: '', error: 'Final comments are required' },
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Mental wellbeing' });
    await expect(textarea).toHaveAttribute('aria-invalid', 'true');
    await expect(textarea).toHaveAccessibleDescription('Final comments are required 0/500');
  },
};

export const LongText: Story = {
  args: {
    label: 'Final comments from the coach, shown at the end of the report the client receives',
    defaultValue: `${longText} ${longText}`,
    helper: 'Write in the second person: the client reads this report in their app.',
  },
};

export const Disabled: Story = {
  args: { defaultValue: 'Generated with the report', disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toBeDisabled();
  },
};

export const Narrow: Story = {
  args: { defaultValue: longText, error: 'Max 500 characters' },
  parameters: { width: '20rem' },
};

export const Wide: Story = {
  args: { defaultValue: longText, helper: 'Your notes for this section of the report' },
  parameters: { width: '60rem' },
};
