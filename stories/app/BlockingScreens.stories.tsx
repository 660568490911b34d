import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ScreenSizeMessage } from '../../packages/app/src/core/screenSize/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';

/** The screen-size rules' blocking screens (requirements R2.5), as the app shows them. */
const meta = {
  title: 'App/Screens/Screen size messages',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-screensizemessages',
  component: ScreenSizeMessage,
  // The message covers the window: on the Docs page each story shows in a frame of its own,
  // where an inline preview would take no room at all.
  parameters: { layout: 'fullscreen', docs: { story: ownFrame(480) } },
  args: { reason: 'higherResolution' },
} satisfies Meta<typeof ScreenSizeMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Under 1004 px wide. */
export const NarrowWidth: Story = {
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(
      within(alert).getByRole('heading', {
        name: 'Coach app is available for screens with higher resolution',
      }),
    ).toBeVisible();
    await expect(alert).toHaveAccessibleName(
      'Coach app is available for screens with higher resolution',
    );
  },
};

/** A rotatable device held upright, at least 1004 px high. */
export const Landscape: Story = {
  args: { reason: 'landscape' },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(
      within(alert).getByRole('heading', { name: 'Coach app is available in landscape mode' }),
    ).toBeVisible();
    await expect(within(alert).getByText('Turn your device sideways to continue.')).toBeVisible();
  },
};
