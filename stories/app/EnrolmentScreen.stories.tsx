import { createHandlers, demoCoachCredentials, fixtureTokens } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyWait } from '../../.storybook/docsFrames.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { renderApp } from './signedInScreen.tsx';
import { withCoachApi } from './withCoachApi.tsx';
import { withMockAuthenticator } from './withMockAuthenticator.tsx';

/**
 * REQUIRE_MFA=1 (decision 73): a coach without a second factor sees only this screen, at any
 * address, until a passkey or an authenticator app is in; then the app opens.
 */
const meta = {
  title: 'App/Screens/Enrolment required',
  render: renderApp,
  decorators: [withMockAuthenticator, withCoachApi],
  parameters: {
    docs: { story: ownFrame() },
    layout: 'fullscreen',
    route: '/clients',
    session: { tokens: fixtureTokens.coach },
    authenticator: { credentialIds: [] },
  },
  beforeEach({ msw }) {
    msw.use(...createHandlers({ requireSecondFactor: true }));
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The blocking screen in place of the clients list, 'Log out' at its top. */
export const Shown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Set up a second sign-in method' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'My clients' })).not.toBeInTheDocument();
    // The way out in sight at 1280x800, above the long list of methods.
    const logOut = canvas.getByRole('button', { name: 'Log out' });
    await expect(logOut).toBeVisible();
    await expect(logOut.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};

/**
 * A passkey added by a coach who signed in with the password more than 5 minutes ago: the
 * password first ('Confirm it's you', issue 64), then the passkey, and the clients list opens.
 */
export const PasskeyOpensTheApp: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(document.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a passkey' }));
    const dialog = within(await page.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Name'), 'Phone');
    await userEvent.click(dialog.getByRole('button', { name: 'Create passkey' }));
    const confirm = within(await page.findByRole('dialog', { name: "Confirm it's you" }));
    await waitFor(() => expect(confirm.getByRole('heading')).toBeVisible());
    await userEvent.type(confirm.getByLabelText('Password'), demoCoachCredentials.password);
    await userEvent.click(confirm.getByRole('button', { name: 'Confirm' }));
    await expect(
      await canvas.findByRole('heading', { name: 'My clients' }, { timeout: storyWait(8000) }),
    ).toBeVisible();
  },
};

/**
 * Setting up the authenticator app, signed in more than 5 minutes ago: the password dialog over
 * the enrolment screen (a wrong password says so under the field).
 */
export const AsksForThePassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Set up an authenticator app' }),
    );
    const dialog = within(
      await within(document.body).findByRole('dialog', { name: "Confirm it's you" }),
    );
    await waitFor(() => expect(dialog.getByRole('heading')).toBeVisible());
    await userEvent.type(dialog.getByLabelText('Password'), 'Wrong123!');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(await dialog.findByText('Wrong password')).toBeVisible();
  },
};
