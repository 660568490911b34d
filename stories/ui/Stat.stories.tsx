import { palette, Stat, StatGroup } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { hexToRgbString } from '../foundations/contrast.ts';

const meta = {
  title: 'UI/Stat',
  component: Stat,
  subcomponents: { StatGroup },
  tags: ['autodocs', 'status:stable'],
  args: { label: 'Engagement (48h)', value: '6.5', unit: 'h', helpText: 'Full at 10 h' },
  // Its texts are React nodes: a text box for each on every story, not only the Playground.
  argTypes: {
    label: { control: 'text' },
    value: { control: 'text' },
    unit: { control: 'text' },
    helpText: { control: 'text' },
  },
} satisfies Meta<typeof Stat>;

export default meta;
type Story = StoryObj<typeof meta>;

const definitions = (canvasElement: HTMLElement) =>
  within(canvasElement).getAllByRole('definition');

/** Every prop in the controls: value, unit, help text, the lagging, loading and empty states. */
export const Playground: Story = {
  args: {
    isLagging: false,
    isLoading: false,
    laggingText: 'Lagging',
    loadingText: 'Loading',
    emptyText: '—',
    size: 'md',
  },
};

/** A figure tile: the label, the value with its unit, and a line of context under it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('term')).toHaveTextContent('Engagement (48h)');
    await expect(definitions(canvasElement)[0]).toHaveTextContent('6.5h');
    await expect(canvas.getByText('Full at 10 h')).toBeVisible();
    await expect(canvas.queryByText('Lagging')).toBeNull();
  },
};

/** An indicator under the lagging limit: lagging colour, an icon and 'Lagging' for screen readers. */
export const Lagging: Story = {
  args: { label: 'Mental', value: '64', unit: '%', helpText: 'Phase average', isLagging: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const value = definitions(canvasElement)[0];
    await expect(value).toHaveTextContent('64%');
    await expect(canvas.getByText('Lagging')).toBeInTheDocument();
    await expect(value?.querySelector('svg')).toBeVisible();
    await expect(getComputedStyle(value as HTMLElement).color).toBe(
      hexToRgbString(palette.lagging[700]),
    );
  },
};

/** No value yet: a dash instead of the figure, and no unit. */
export const Empty: Story = {
  args: { label: 'Physical', value: null, unit: '%', helpText: 'No data in this phase yet' },
  play: async ({ canvasElement }) => {
    await expect(definitions(canvasElement)[0]).toHaveTextContent(/^—$/);
  },
};

/** Loading: a skeleton in place of the value, 'Loading' read out, the tile `aria-busy`. */
export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading')).toBeInTheDocument();
    await expect(canvas.queryByText('6.5')).toBeNull();
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

/** A long label and help text wrap inside the tile; the value stays on one line. */
export const LongText: Story = {
  args: {
    label: 'Exercises completed out of those scheduled in the current journey phase',
    value: '12 / 14',
    helpText: 'Breathing, stretching and focus exercises from the Sense phase schedule',
  },
};

/** A 20rem column: the tile's texts wrap. */
export const Narrow: Story = { parameters: { width: '20rem' } };
/** A 60rem column: the tile takes the width, its texts left-aligned. */
export const Wide: Story = { parameters: { width: '60rem' } };

/** The figures of the client profile's header. */
const clientFigures = (
  <>
    <Stat label="Engagement (48h)" value="6.5" unit="h" helpText="Full at 10 h" />
    <Stat label="Productivity" value="81" unit="%" helpText="Phase average" />
    <Stat label="Mental" value="64" unit="%" helpText="Phase average" isLagging />
    <Stat label="Physical" value="72" unit="%" helpText="Phase average" />
    <Stat label="Exercises" value="12 / 14" helpText="Completed / scheduled" />
  </>
);

/** The client profile header: a row of tiles that wraps on narrower screens. */
export const Group: Story = {
  parameters: { width: '60rem' },
  render: () => <StatGroup label="Client figures">{clientFigures}</StatGroup>,
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Client figures' });
    await expect(within(group).getAllByRole('term')).toHaveLength(5);
    await expect(within(group).getAllByText('Lagging')).toHaveLength(1);
  },
};

/** The header row in a 20rem column: one tile per row, all starting at the same left edge. */
export const GroupNarrow: Story = {
  ...Group,
  parameters: { width: '20rem' },
  play: async ({ canvasElement }) => {
    // One tile per row: every tile starts at the same left edge.
    const tiles = [...canvasElement.querySelectorAll('dl')].map(
      (tile) => tile.getBoundingClientRect().left,
    );
    await expect(new Set(tiles).size).toBe(1);
  },
};

/**
 * `StatGroup`'s props in the controls over the five figures: the group's accessible name and the
 * narrowest a tile gets before the row wraps (try `14rem`).
 */
export const GroupPlayground: StoryObj<typeof StatGroup> = {
  args: { label: 'Client figures', minTileWidth: '10rem' },
  parameters: { width: '60rem' },
  render: (args) => <StatGroup {...args}>{clientFigures}</StatGroup>,
};

/** The header row while the figures load: every tile shows its label and a skeleton. */
export const GroupLoading: Story = {
  parameters: { width: '60rem' },
  render: () => (
    <StatGroup label="Client figures">
      {['Engagement (48h)', 'Productivity', 'Mental', 'Physical'].map((label) => (
        <Stat key={label} label={label} value={null} isLoading />
      ))}
    </StatGroup>
  ),
};
