import { LoadingPlaceholder } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

const meta = {
  title: 'UI/LoadingPlaceholder',
  component: LoadingPlaceholder,
  tags: ['autodocs'],
  args: { variant: 'text' },
} satisfies Meta<typeof LoadingPlaceholder>;

export default meta;
type Story = StoryObj<typeof meta>;

const bones = (element: HTMLElement) => element.querySelectorAll('.chakra-skeleton');

export const Text: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', { name: 'Loading' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(bones(status)).toHaveLength(3);
  },
};

export const Block: Story = {
  args: { variant: 'block', blockHeight: '12rem', label: 'Loading activity history' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', { name: 'Loading activity history' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    // 12rem at the 16 px root of Storybook.
    await expect(status.querySelector('.chakra-skeleton')?.getBoundingClientRect().height).toBe(
      192,
    );
  },
};

export const Table: Story = {
  args: { variant: 'table', rows: 6, columns: 5, label: 'Loading clients' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', { name: 'Loading clients' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(bones(status)).toHaveLength((6 + 1) * 5);
  },
};

/** What a lazy screen shows while its code loads: header, tiles, a table and text. */
export const Screen: Story = {
  args: { variant: 'screen', label: 'Loading the client profile' },
  parameters: { width: '60rem' },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', {
      name: 'Loading the client profile',
    });
    await expect(status).toHaveAttribute('aria-busy', 'true');
  },
};

/** A single line, e.g. a name still loading. */
export const Empty: Story = { args: { lines: 1 } };

export const LongText: Story = {
  args: { lines: 12, label: 'Loading the reflections of this phase' },
};

export const Narrow: Story = { args: { variant: 'screen' }, parameters: { width: '20rem' } };
export const Wide: Story = { args: { variant: 'table' }, parameters: { width: '60rem' } };
