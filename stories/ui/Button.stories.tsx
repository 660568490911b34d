import { HStack, VStack } from '@chakra-ui/react';
import { Button } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LuPlus } from 'react-icons/lu';
import { expect, fn, userEvent, within } from 'storybook/test';

const meta = {
  title: 'UI/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Save changes', onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save changes' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = { args: { variant: 'secondary' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Remove' } };
export const Link: Story = { args: { variant: 'link', children: 'send me a new code' } };
export const WithIcon: Story = {
  args: { icon: <LuPlus aria-hidden />, children: 'Invite client' },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save changes' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const LongText: Story = {
  args: {
    children: 'Generate the wellbeing report for this client and send it to their coach by email',
  },
};

export const Narrow: Story = {
  args: { width: '8rem', children: 'Save changes' },
};

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
