import { Stack } from '@chakra-ui/react';
import { Meter, palette } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { hexToRgbString } from '../foundations/contrast.ts';

/** The lagging limit of the indicators (spec, business constants). */
const LAGGING_LIMIT = 70;

const meta = {
  title: 'UI/Meter',
  component: Meter,
  tags: ['autodocs', 'status:stable'],
  args: {
    label: 'Productivity',
    value: 72,
    laggingText: 'Lagging',
  },
  // The value slides over the whole bar (0 to the default `max`); the empty state is a story.
  argTypes: { value: { control: { type: 'range', min: 0, max: 100, step: 1 } } },
} satisfies Meta<typeof Meter>;

export default meta;
type Story = StoryObj<typeof meta>;

const part = (meter: HTMLElement, name: 'fill' | 'marker' | 'track') => {
  const element = meter.querySelector<HTMLElement>(`[data-part="${name}"]`);
  if (!element) throw new Error(`The meter has no ${name}`);
  return element;
};

const fillColour = (meter: HTMLElement) => getComputedStyle(part(meter, 'fill')).backgroundColor;

/** Every prop in the controls: move the value against the threshold, change the size and texts. */
export const Playground: Story = {
  args: {
    value: 72,
    max: 100,
    threshold: LAGGING_LIMIT,
    valueText: '72%',
    emptyText: '—',
    isLabelVisible: true,
    size: 'md',
  },
};

/**
 * An indicator over the lagging limit: the brand-coloured fill at 72 %, a marker at the limit
 * (70 %), and '72%' beside the bar.
 */
export const Default: Story = {
  args: { threshold: LAGGING_LIMIT },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Productivity' });
    await expect(meter).toHaveAttribute('aria-valuenow', '72');
    await expect(meter).toHaveAttribute('aria-valuetext', '72%');
    await expect(within(canvasElement).getByText('72%')).toBeVisible();
    await expect(fillColour(meter)).toBe(hexToRgbString(palette.brand[600]));
    // The marker sits at 70 % of the track.
    const track = part(meter, 'track').getBoundingClientRect();
    const marker = part(meter, 'marker').getBoundingClientRect();
    const markerCentre = marker.left + marker.width / 2;
    await expect(Math.abs(markerCentre - (track.left + track.width * 0.7))).toBeLessThan(1);
  },
};

/** 69.9 is under the lagging limit of 70: lagging colour, and 'Lagging' in its accessible value. */
export const Lagging: Story = {
  args: { label: 'Mental', value: 69.9, threshold: LAGGING_LIMIT },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Mental' });
    await expect(meter).toHaveAttribute('aria-valuenow', '69.9');
    await expect(meter).toHaveAttribute('aria-valuetext', '69.9%, Lagging');
    await expect(within(canvasElement).getByText('69.9%')).toBeVisible();
    await expect(fillColour(meter)).toBe(hexToRgbString(palette.lagging[500]));
  },
};

/** Exactly 70 is not lagging. */
export const AtThreshold: Story = {
  args: { label: 'Physical', value: 70, threshold: LAGGING_LIMIT },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Physical' });
    await expect(meter).toHaveAttribute('aria-valuetext', '70%');
    await expect(fillColour(meter)).toBe(hexToRgbString(palette.brand[600]));
  },
};

/** No value yet: an empty track and a dash, no meter value. */
export const Empty: Story = {
  args: { value: null, threshold: LAGGING_LIMIT },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('meter')).toBeNull();
    await expect(canvas.getByRole('group', { name: 'Productivity' })).toHaveTextContent('—');
  },
};

/** Engagement in the last 48 h: hours, where 10 h is a full bar. */
export const Engagement: Story = {
  args: { label: 'Engagement (48h)', value: 6.5, max: 10, valueText: '6.5 h' },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Engagement (48h)' });
    await expect(meter).toHaveAttribute('aria-valuemax', '10');
    await expect(meter).toHaveAttribute('aria-valuetext', '6.5 h');
    await expect(meter.querySelector('[data-part="marker"]')).toBeNull();
    const track = part(meter, 'track').getBoundingClientRect();
    const fill = part(meter, 'fill').getBoundingClientRect();
    await expect(Math.abs(fill.width - track.width * 0.65)).toBeLessThan(1);
  },
};

/** Out-of-range values are clamped to 0..max. */
export const Clamped: Story = {
  args: { value: 130, valueText: '130%', threshold: LAGGING_LIMIT },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter');
    await expect(meter).toHaveAttribute('aria-valuenow', '100');
  },
};

/** The label shown above the bar (size `lg`), as in the client profile's figures. */
export const WithVisibleLabel: Story = {
  args: { isLabelVisible: true, size: 'lg', threshold: LAGGING_LIMIT },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Productivity')).toBeVisible();
    await expect(within(canvasElement).getByRole('meter', { name: 'Productivity' })).toBeVisible();
  },
};

/** A long visible label wraps above the bar; the value beside the bar keeps one line. */
export const LongText: Story = {
  args: {
    isLabelVisible: true,
    label: 'Average productivity over the current journey phase, from the daily reflections',
    value: 41.25,
    threshold: LAGGING_LIMIT,
  },
};

/** A 20rem column: the bar shrinks, the marker stays at 70 % of it. */
export const Narrow: Story = {
  args: { threshold: LAGGING_LIMIT },
  parameters: { width: '20rem' },
};
/** A 60rem column at 55 (lagging): the long bar with the lagging fill short of the marker. */
export const Wide: Story = {
  args: { value: 55, threshold: LAGGING_LIMIT },
  parameters: { width: '60rem' },
};

/** Sizes and states side by side, for review. */
export const Catalogue: Story = {
  args: { threshold: LAGGING_LIMIT },
  parameters: { width: '30rem' },
  render: (args) => (
    <Stack gap="5">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <Stack key={size} gap="3">
          <Meter {...args} size={size} label={`Size ${size}, on track`} isLabelVisible value={88} />
          <Meter {...args} size={size} label={`Size ${size}, lagging`} isLabelVisible value={35} />
          <Meter {...args} size={size} label={`Size ${size}, empty`} isLabelVisible value={null} />
        </Stack>
      ))}
    </Stack>
  ),
};

/**
 * Don't: a count with no maximum (12 unread messages) in a meter. Without `max` the value is read
 * as a percentage, so it shows '12%', a figure nobody asked for: a count is a `Stat`.
 */
export const DontCountWithoutMaximum: Story = {
  name: 'Don’t: a count with no maximum',
  args: { label: 'Unread messages', value: 12, isLabelVisible: true, laggingText: undefined },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('meter', { name: 'Unread messages' }),
    ).toHaveAttribute('aria-valuetext', '12%');
  },
};
