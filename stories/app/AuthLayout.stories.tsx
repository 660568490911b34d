import { Heading, Text } from '@chakra-ui/react';
import { createHandlers } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AuthLayout } from '../../packages/app/src/core/layout/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { renderApp } from './signedInScreen.tsx';
import { withCoachApi } from './withCoachApi.tsx';

/** The signed-out layout: logo top-left over a skeleton of the app, the screen centred. */
const meta = {
  title: 'App/Layouts/Signed out',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-layouts-authlayout',
  component: AuthLayout,
  parameters: { docs: { story: ownFrame() }, layout: 'fullscreen', route: '/' },
} satisfies Meta<typeof AuthLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The frame of every signed-out screen: the Coach logo linking home above a centred card in the
 * main landmark, here with a placeholder title and text.
 */
export const Default: Story = {
  args: {
    children: (
      <>
        <Heading as="h1" fontSize="2xl">
          Screen title
        </Heading>
        <Text color="fg.muted">The signed-out screens sit in this card.</Text>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Coach' })).toHaveAttribute('href', '/');
    await expect(
      within(canvas.getByRole('main')).getByRole('heading', { name: 'Screen title' }),
    ).toBeVisible();
    // The skeleton behind is decoration: still, and nothing a screen reader announces as loading.
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/**
 * The signed-out app at a signed-in page: redirected to sign-in, which keeps that page in `?next=`
 * (its logo too).
 */
export const RedirectsToSignIn: Story = {
  parameters: { route: '/clients/42' },
  decorators: [withCoachApi],
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
  render: renderApp,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The logo keeps the page asked for: back on sign-in, it still leads there afterwards.
    await expect(canvas.getByRole('link', { name: 'Coach' })).toHaveAttribute(
      'href',
      '/?next=%2Fclients%2F42',
    );
  },
};
