import { HStack, VStack } from '@chakra-ui/react';
import { Button, buttonSizes, buttonVariants } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LuPlus } from 'react-icons/lu';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StatesGrid, stateProps } from './fixtures/interactionStates.tsx';

const meta = {
  title: 'UI/Button',
  component: Button,
  tags: ['autodocs', 'status:stable'],
  args: { children: 'Save changes', onClick: fn() },
  argTypes: {
    children: { control: 'text' },
    icon: { control: false },
    // The choices by name: the generated table cannot read a union made from a list.
    variant: {
      control: 'inline-radio',
      options: buttonVariants,
      table: { type: { summary: buttonVariants.map((name) => `'${name}'`).join(' | ') } },
    },
    size: {
      control: 'inline-radio',
      options: buttonSizes,
      table: { type: { summary: buttonSizes.map((name) => `'${name}'`).join(' | ') } },
    },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every prop in the controls: try the variants, the loading and disabled states and the size. */
export const Playground: Story = {
  args: { variant: 'primary', size: 'md', isLoading: false, disabled: false },
};

/** The main action of a screen or form (brand fill): a click calls `onClick` once. */
export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save changes' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** A second action beside the primary one, outlined in the brand colour. */
export const Secondary: Story = { args: { variant: 'secondary' } };
/** A quiet action with no border or fill until hovered (grey), e.g. a toolbar action. */
export const Ghost: Story = { args: { variant: 'ghost' } };
/** A destructive action (red fill): the label names what is lost. */
export const Danger: Story = { args: { variant: 'danger', children: 'Remove' } };
/**
 * A button that reads as an underlined link inside text, without padding or height, e.g. 'send me
 * a new code'.
 */
export const Link: Story = { args: { variant: 'link', children: 'send me a new code' } };
/** An icon before the label; the icon is decorative (`aria-hidden`), the label names the button. */
export const WithIcon: Story = {
  args: { icon: <LuPlus aria-hidden />, children: 'Invite client' },
};

/** While an action runs: a spinner beside the label, and the button is disabled. */
export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toBeDisabled();
  },
};

/** Dimmed and inert: a click does not call `onClick`. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save changes' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** A long label wraps onto more lines instead of overflowing (check the padding stays even). */
export const LongText: Story = {
  args: {
    children: 'Generate the wellbeing report for this client and send it to their coach by email',
  },
};

/** A fixed width (8rem) wider than the label: the label stays centred, on one line. */
export const Narrow: Story = {
  args: { width: '8rem', children: 'Save changes' },
};

/** Full width of its container, as in the narrow forms' main action. */
export const Wide: Story = {
  args: { width: 'full' },
};

/** Every variant side by side, for review. */
export const Catalogue: Story = {
  render: (args) => (
    <VStack align="start" gap="4">
      {(['primary', 'secondary', 'ghost', 'danger', 'link'] as const).map((variant) => (
        <HStack key={variant} gap="4">
          <Button {...args} variant={variant}>
            {variant}
          </Button>
          <Button {...args} variant={variant} disabled>
            {variant} disabled
          </Button>
          <Button {...args} variant={variant} isLoading>
            {variant}
          </Button>
        </HStack>
      ))}
    </VStack>
  ),
};

/**
 * Each variant at rest, hovered and focused by keyboard (`:focus-visible`). Hover lightens the
 * primary fill, tints the secondary and ghost backgrounds and darkens the danger fill (white text
 * keeps 4.5:1); the link does not change. The focus ring sits outside, in the variant's colour.
 */
export const HoverAndFocus: Story = {
  render: (args) => (
    <StatesGrid
      rows={(['rest', 'hover', 'focus-visible'] as const).map((state) => ({
        name: state === 'rest' ? 'Rest' : state === 'hover' ? 'Hover' : 'Focus visible',
        children: (
          <HStack gap="4">
            {(['primary', 'secondary', 'ghost', 'danger', 'link'] as const).map((variant) => (
              <Button
                key={variant}
                {...args}
                variant={variant}
                {...(state === 'rest' ? {} : stateProps(state))}
              >
                {variant}
              </Button>
            ))}
          </HStack>
        ),
      }))}
    />
  ),
};

/**
 * Do: one primary action per form or dialog, the others beside it as secondary ('Cancel' before
 * 'Save changes', as the app's dialogs have them).
 */
export const DoOnePrimaryAction: Story = {
  name: 'Do: one primary action',
  render: (args) => (
    <HStack gap="3">
      <Button {...args} variant="secondary">
        Cancel
      </Button>
      <Button {...args} variant="primary">
        Save changes
      </Button>
    </HStack>
  ),
  play: async ({ canvasElement }) => {
    const buttons = within(canvasElement).getAllByRole('button');
    await expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Save changes']);
  },
};

/**
 * Don't: two primary buttons side by side. Neither reads as the way forward, and 'Cancel' shouts
 * as loud as the action.
 */
export const DontTwoPrimaryActions: Story = {
  name: 'Don’t: two primary actions',
  render: (args) => (
    <HStack gap="3">
      <Button {...args} variant="primary">
        Cancel
      </Button>
      <Button {...args} variant="primary">
        Save changes
      </Button>
    </HStack>
  ),
};
