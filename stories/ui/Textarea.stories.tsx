import { Textarea, type TextareaProps } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fieldArgTypes } from './fixtures/fieldArgTypes.ts';
import { FieldStatesGrid } from './fixtures/interactionStates.tsx';

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
  tags: ['autodocs', 'status:stable'],
  args: {
    label: 'Mental wellbeing',
    name: 'mentalWellbeing',
    rows: 4,
    onChange: fn(),
  },
  argTypes: fieldArgTypes,
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every prop in the controls: try a small `maxLength` to see the counter turn red. */
export const Playground: Story = {
  args: {
    placeholder: 'Write your notes',
    helper: 'Your notes for this section of the report',
    error: '',
    maxLength: 500,
    overLimitMessage: 'Character limit exceeded',
    disabled: false,
    required: false,
  },
};

/**
 * Typing updates the 'length/max' counter at the end of the row under the textarea; the counter
 * is part of the textarea's description, after the helper.
 */
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

/** No text yet: the placeholder and a 0/500 counter. */
export const Empty: Story = {
  args: { placeholder: 'Write your notes' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('0/500')).toBeVisible();
  },
};

/** An uncontrolled textarea with three sentences; the counter counts them on mount. */
export const Filled: Story = {
  args: { defaultValue: longText },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(`${longText.length}/500`)).toBeVisible();
  },
};

/** Controlled through `value` and `onChange`: the counter follows the value the parent holds. */
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

/**
 * Exactly at the maximum the counter keeps its muted colour; one character more turns it to the
 * error colour (typing is not blocked).
 */
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

/** Over the maximum: the counter in the error colour, and 'Character limit exceeded' announced. */
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

/** Invalid: error-coloured border and message, announced before the counter. */
export const WithError: Story = {
  name: 'Error',
  args: { defaultValue: '', error: 'Final comments are required' },
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Mental wellbeing' });
    await expect(textarea).toHaveAttribute('aria-invalid', 'true');
    await expect(textarea).toHaveAccessibleDescription('Final comments are required 0/500');
  },
};

/** A long label and more text than the rows hold: the textarea scrolls, the texts wrap. */
export const LongText: Story = {
  args: {
    label: 'Final comments from the coach, shown at the end of the report the client receives',
    defaultValue: `${longText} ${longText}`,
    helper: 'Write in the second person: the client reads this report in their app.',
  },
};

/** Disabled: textarea, label and counter dimmed, the text still readable. */
export const Disabled: Story = {
  args: { defaultValue: 'Generated with the report', disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toBeDisabled();
  },
};

/** A 20rem column with an error: the message and the counter share the row under the textarea. */
export const Narrow: Story = {
  args: { defaultValue: longText, error: 'Max 500 characters' },
  parameters: { width: '20rem' },
};

/** A 60rem column: the textarea stretches, the counter stays at the end of the row. */
export const Wide: Story = {
  args: { defaultValue: longText, helper: 'Your notes for this section of the report' },
  parameters: { width: '60rem' },
};

/**
 * At rest, hovered and focused by keyboard, valid and invalid: hover leaves the textarea as it
 * is; the focus ring is drawn inside the border, in the brand colour, or the error colour when
 * invalid.
 */
export const HoverAndFocus: Story = {
  args: { defaultValue: 'Good week', rows: 2 },
  render: (args) => (
    <FieldStatesGrid
      error="Final comments are required"
      render={(props) => <Textarea {...args} {...props} />}
    />
  ),
};
