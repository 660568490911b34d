import { LoadingPlaceholder } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

const meta = {
  title: 'UI/LoadingPlaceholder',
  component: LoadingPlaceholder,
  tags: ['autodocs', 'status:stable'],
  args: { variant: 'text' },
  argTypes: { blockHeight: { control: 'text' } },
} satisfies Meta<typeof LoadingPlaceholder>;

export default meta;
type Story = StoryObj<typeof meta>;

const bones = (element: HTMLElement) => element.querySelectorAll('.chakra-skeleton');

/** Every prop in the controls: switch the variant and set its lines, rows, columns or tiles. */
export const Playground: Story = {
  args: {
    label: 'Loading',
    lines: 3,
    blockHeight: '12rem',
    rows: 5,
    columns: 4,
    tiles: 4,
  },
};

/** Three lines of text loading: a busy `status` region named 'Loading', the last line shorter. */
export const Text: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status', { name: 'Loading' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(bones(status)).toHaveLength(3);
  },
};

/** One block of a given height (12rem), e.g. a chart or a history that is loading. */
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

/** A table loading: a header row of bones over 6 rows of 5 columns. */
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

/**
 * A backdrop, not a loading state (the signed-out layout's skeleton of the app): the same shapes,
 * still, with no `status` region and nothing announced.
 */
export const Decorative: Story = {
  args: { variant: 'screen', decorative: true },
  parameters: { width: '60rem' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
    const placeholder = canvasElement.querySelector('[data-variant="screen"]');
    await expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    // No bone pulses: an endless animation behind a screen repaints the page every frame.
    const animations = [...bones(canvasElement)].map(
      (bone) => getComputedStyle(bone).animationName,
    );
    await expect(animations.length).toBeGreaterThan(10);
    await expect(new Set(animations)).toEqual(new Set(['none']));
  },
};

/** A single line, e.g. a name still loading. */
export const Empty: Story = { args: { lines: 1 } };

/** Twelve lines: fixed, varied widths (never random, so every render is the same), the last shorter. */
export const LongText: Story = {
  args: { lines: 12, label: 'Loading the reflections of this phase' },
};

/** The screen variant in a 20rem column: the tiles stack one per row. */
export const Narrow: Story = { args: { variant: 'screen' }, parameters: { width: '20rem' } };
/** The table variant in a 60rem column: the columns share the width. */
export const Wide: Story = { args: { variant: 'table' }, parameters: { width: '60rem' } };
