import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ScreenLoadError } from '../../packages/app/src/core/lazyScreens/index.ts';
import { releaseFocus } from './releaseFocus.ts';

/**
 * What shows instead of a screen whose code could not load (decisions: lazy screens). Online, the
 * likely cause is a new deployment whose files replaced this page's: reloading the page is the
 * way back, so it comes first.
 */
const meta = {
  title: 'App/Screens/Screen load error',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-screenloaderror',
  component: ScreenLoadError,
  args: { isTimeout: false, onRetry: fn(), onReload: fn() },
} satisfies Meta<typeof ScreenLoadError>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The screen's code is gone (a 404 after a new deployment): a reload brings the new version. */
export const CodeGone: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('This screen could not be loaded');
    await expect(alert).toHaveTextContent(
      'Coach may have been updated since this page was opened. Reload the page to get the new version.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Reload page' }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    releaseFocus();
  },
};

/** Slower than 120 s: a retry first (the connection is the likely cause), the reload beside it. */
export const TimedOut: Story = {
  args: { isTimeout: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'This screen is taking too long to load',
    );
    await expect(canvas.getByText('Check your connection and try again.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reload page' })).toBeVisible();
  },
};
