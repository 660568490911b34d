import {
  type MultipleSelectProps,
  Select,
  type SelectItem,
  type SingleSelectProps,
} from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fieldArgTypes } from './fixtures/fieldArgTypes.ts';
import { FieldStatesGrid, showState } from './fixtures/interactionStates.tsx';

const goals: SelectItem[] = [
  { value: 'productivity', label: 'Productivity' },
  { value: 'athleticPerformance', label: 'Athletic performance' },
  { value: 'stressBalance', label: 'Stress balance' },
  { value: 'anxietyReliefBeginner', label: 'Anxiety relief (beginner)' },
  { value: 'anxietyReliefAdvanced', label: 'Anxiety relief (advanced)' },
  { value: 'breathing', label: 'Breathing' },
];

const meta = {
  title: 'UI/Select',
  component: Select,
  tags: ['autodocs', 'status:stable'],
  args: {
    label: 'Goal',
    placeholder: 'Choose a goal',
    items: goals,
    name: 'goal',
    onValueChange: fn(),
    onBlur: fn(),
  },
  argTypes: fieldArgTypes,
} satisfies Meta<SingleSelectProps>;

export default meta;
// The single API; `Multiple` below has its own args type (the props are a union on `multiple`).
type Story = StoryObj<SingleSelectProps>;

/**
 * Every prop of a single select in the controls: pick a `value`, edit the items, type an error or
 * a helper. (`multiple` has its own story: its value props differ.)
 */
export const Playground: Story = {
  args: { value: null, helper: 'The goal of the next phase', error: '', disabled: false },
  argTypes: { value: { control: 'select', options: [null, ...goals.map((goal) => goal.value)] } },
};

/**
 * The keyboard path: Tab to the trigger, Enter opens the list, ArrowDown moves, Enter chooses and
 * closes; the hidden native select holds the value for a form.
 */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Goal' });
    await expect(trigger).toHaveTextContent('Choose a goal');

    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox', { name: 'Goal' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // The list takes focus on the next frame; keys go to it from then on.
    await waitFor(() => expect(listbox).toHaveFocus());
    await expect(within(listbox).getAllByRole('option')).toHaveLength(goals.length);

    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('athleticPerformance');
    await expect(trigger).toHaveTextContent('Athletic performance');
    // The hidden native select carries the value into a form submission.
    await expect(canvasElement.querySelector('select[name="goal"]')).toHaveValue(
      'athleticPerformance',
    );
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};

/** Space and ArrowDown open too; Escape closes without choosing. */
export const KeyboardEscape: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Goal' });
    trigger.focus();
    await userEvent.keyboard(' ');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard('{ArrowDown}');
    const reopened = await screen.findByRole('listbox');
    await waitFor(() => expect(reopened).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(trigger).toHaveTextContent('Choose a goal');
  },
};

/** The open list, chosen with the mouse; the chosen item shows a check when reopened. */
export const OpenList: Story = {
  args: { value: 'stressBalance' },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Goal' });
    await userEvent.click(trigger);
    const listbox = await screen.findByRole('listbox', { name: 'Goal' });
    const selected = within(listbox).getByRole('option', { name: 'Stress balance' });
    await expect(selected).toHaveAttribute('aria-selected', 'true');
    // The list slides and fades in.
    await waitFor(() => expect(selected).toBeVisible());
    await userEvent.click(within(listbox).getByRole('option', { name: 'Breathing' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('breathing');
    await userEvent.click(trigger);
    const reopened = await screen.findByRole('listbox');
    await waitFor(() => expect(reopened).toBeVisible());
  },
};

/** No items: the trigger shows the placeholder and opens an empty list. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Goal' })).toHaveTextContent(
      'Choose a goal',
    );
  },
};

/** A chosen value: its label replaces the placeholder in the trigger. */
export const Filled: Story = {
  args: { value: 'stressBalance' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Goal' })).toHaveTextContent(
      'Stress balance',
    );
  },
};

/** A disabled item: greyed in the list, `aria-disabled`, and skipped by the arrow keys. */
export const WithDisabledItem: Story = {
  args: {
    items: goals.map((goal) =>
      goal.value === 'athleticPerformance' ? { ...goal, isDisabled: true } : goal,
    ),
  },
  play: async ({ args, canvasElement }) => {
    within(canvasElement).getByRole('combobox', { name: 'Goal' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox).toHaveFocus());
    await expect(
      within(listbox).getByRole('option', { name: 'Athletic performance' }),
    ).toHaveAttribute('aria-disabled', 'true');
    // The disabled item is skipped.
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('stressBalance');
  },
};

/** Invalid: error-coloured border and chevron, the message announced as the trigger's description. */
export const WithError: Story = {
  name: 'Error',
  args: { error: 'Goal is required' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('combobox', { name: 'Goal' });
    await expect(canvas.getByText('Goal is required')).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-invalid', 'true');
    await expect(trigger).toHaveAccessibleDescription('Goal is required');
    const probe = document.createElement('span');
    probe.style.color = 'var(--chakra-colors-error)';
    document.body.append(probe);
    const errorBorder = getComputedStyle(probe).color;
    probe.remove();
    await expect(getComputedStyle(trigger).borderTopColor).toBe(errorBorder);
  },
};

/** A long label, placeholder, chosen label and helper: the trigger truncates, the texts wrap. */
export const LongText: Story = {
  args: {
    label: 'Goal of the next journey phase, chosen together with the client in your last session',
    placeholder: 'Choose the goal that the exercises of the next phase will work towards',
    items: [
      ...goals,
      {
        value: 'long',
        label: 'Anxiety relief for advanced clients who completed the beginner programme twice',
      },
    ],
    value: 'long',
    helper: 'The client sees this goal on the first day of the phase.',
  },
};

/**
 * `multiple`: each choice toggles an item and the list stays open; the trigger lists the chosen
 * labels and the callback gets them in the list's order.
 */
export const Multiple: StoryObj<MultipleSelectProps> = {
  args: {
    multiple: true,
    label: 'Goal choices',
    placeholder: 'Select goal choices',
    items: goals,
    name: 'goals',
    onValuesChange: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Goal choices' });
    await expect(trigger).toHaveTextContent('Select goal choices');
    await userEvent.click(trigger);
    const listbox = await screen.findByRole('listbox', { name: 'Goal choices' });
    await expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    const breathing = within(listbox).getByRole('option', { name: 'Breathing' });
    await waitFor(() => expect(breathing).toBeVisible());
    await userEvent.click(breathing);
    await expect(args.onValuesChange).toHaveBeenLastCalledWith(['breathing']);
    // The list stays open for the next choice.
    await userEvent.click(within(listbox).getByRole('option', { name: 'Productivity' }));
    await expect(args.onValuesChange).toHaveBeenLastCalledWith(['productivity', 'breathing']);
    await expect(breathing).toHaveAttribute('aria-selected', 'true');
    await expect(trigger).toHaveTextContent('Productivity, Breathing');
    await expect(
      [
        ...(canvasElement.querySelector('select[name="goals"]') as HTMLSelectElement)
          .selectedOptions,
      ].map((option) => option.value),
    ).toEqual(['productivity', 'breathing']);
    // Choosing a chosen item again removes it.
    await userEvent.click(breathing);
    await expect(args.onValuesChange).toHaveBeenLastCalledWith(['productivity']);
    await expect(breathing).toHaveAttribute('aria-selected', 'false');
    await expect(trigger).toHaveTextContent('Productivity');
    // The snapshot shows the open list with two checks.
    await userEvent.click(within(listbox).getByRole('option', { name: 'Stress balance' }));
    await expect(args.onValuesChange).toHaveBeenLastCalledWith(['productivity', 'stressBalance']);
    await expect(trigger).toHaveTextContent('Productivity, Stress balance');
    await expect(listbox).toBeVisible();
  },
};

/** Disabled with a value: the trigger and label dimmed, the list does not open. */
export const Disabled: Story = {
  args: { value: 'breathing', disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Goal' })).toBeDisabled();
  },
};

/** A 20rem column with an error: the message wraps under the trigger. */
export const Narrow: Story = {
  args: { error: 'Goal is required' },
  parameters: { width: '20rem' },
};

/** A 60rem column: the trigger stretches, the chevron stays at its end. */
export const Wide: Story = {
  args: { value: 'productivity' },
  parameters: { width: '60rem' },
};

/**
 * The trigger at rest and focused by keyboard (the ring inside its border, in the error colour
 * when invalid). Hover leaves the trigger as it is.
 */
export const HoverAndFocus: Story = {
  args: { value: 'stressBalance' },
  // The trigger takes no data attributes from outside: the play puts each row in its state.
  render: (args) => (
    <FieldStatesGrid
      error="Goal is required"
      render={({ error }) => <Select {...args} error={error} />}
    />
  ),
  play: async ({ canvasElement }) => {
    const [, hovered, focused, focusedInvalid] = within(canvasElement).getAllByRole('combobox');
    showState(hovered, 'hover');
    showState(focused, 'focus-visible');
    showState(focusedInvalid, 'focus-visible');
  },
};
