import { Box } from '@chakra-ui/react';
import { BlockingScreen } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LuMonitor, LuRotateCw } from 'react-icons/lu';
import { expect, within } from 'storybook/test';
import { CoachMark } from './fixtures/CoachMark.tsx';
import { ownFrame } from './fixtures/ownFrame.ts';

const meta = {
  title: 'UI/BlockingScreen',
  component: BlockingScreen,
  tags: ['autodocs', 'status:stable'],
  parameters: {
    layout: 'fullscreen',
    // The screen covers the window: on the Docs page each story shows in a window of its own
    // (a frame), where an inline preview would take no room at all.
    docs: { story: ownFrame(480) },
  },
  args: {
    title: 'Coach app is available for screens with higher resolution',
    icon: <LuMonitor />,
    logo: <CoachMark />,
  },
  argTypes: { icon: { control: false }, logo: { control: false } },
} satisfies Meta<typeof BlockingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every prop in the controls: edit the title and the message, contain it in its parent. */
export const Playground: Story = {
  args: { message: 'Open Coach on a laptop or desktop screen.', isContained: false },
};

/** Under 1004 px wide: the app is not available at this size. */
export const ScreenTooSmall: Story = {
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert', {
      name: 'Coach app is available for screens with higher resolution',
    });
    await expect(alert).toBeVisible();
    // It covers the whole viewport.
    const box = alert.getBoundingClientRect();
    await expect(box.width).toBe(document.documentElement.clientWidth);
    await expect(box.height).toBe(document.documentElement.clientHeight);
  },
};

/** A device that can rotate, held in portrait. */
export const Landscape: Story = {
  args: {
    title: 'Coach app is available in landscape mode',
    message: 'Turn your device to keep working.',
    icon: <LuRotateCw />,
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert', {
      name: 'Coach app is available in landscape mode',
    });
    await expect(alert).toHaveAccessibleDescription('Turn your device to keep working.');
    await expect(within(alert).getByText('Turn your device to keep working.')).toBeVisible();
  },
};

/** Only the title: no icon, logo or message. */
export const Empty: Story = { args: { icon: undefined, logo: undefined } };

/** A two-line message under the title: centred, with a readable line length. */
export const LongText: Story = {
  args: {
    message:
      'Open Coach on a laptop or desktop screen at least 1004 pixels wide, or zoom out your ' +
      'browser, to see your clients, their journeys and their wellbeing indicators.',
  },
};

/** A phone-sized preview: the text wraps and stays readable. */
export const Narrow: Story = {
  args: { isContained: true, message: 'Open Coach on a larger screen.' },
  // Its Docs frame as tall as the story (36rem and the padding), not cut mid-sentence.
  parameters: { layout: 'padded', width: '20rem', docs: { story: ownFrame(620) } },
  render: (args) => (
    <Box height="36rem">
      <BlockingScreen {...args} />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    const heading = within(alert).getByRole('heading', { level: 1 });
    await expect(heading.scrollWidth).toBeLessThanOrEqual(heading.clientWidth);
  },
};

/** Contained in a 60rem by 30rem box instead of the viewport (`isContained`). */
export const Wide: Story = {
  args: { isContained: true, message: 'Open Coach on a larger screen.' },
  parameters: { layout: 'padded', width: '60rem', docs: { story: ownFrame(530) } },
  render: (args) => (
    <Box height="30rem">
      <BlockingScreen {...args} />
    </Box>
  ),
};
