import { createHandlers, fixtureInviteTokens, fixtureTokens } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AuthLayout } from '../../packages/app/src/core/layout/index.ts';
import { InviteAcceptanceScreen } from '../../packages/app/src/features/inviteAcceptance/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { releaseFocus } from './releaseFocus.ts';
import { renderApp } from './signedInScreen.tsx';
import { withCoachApi } from './withCoachApi.tsx';

const inviteRoute = (token: string) => `/invite?token=${token}`;

/**
 * The public invite page ('/invite?token=...'): the invitee checks the link, creates the account
 * (names, password, timezone) and is told to sign in from the client app. The mocks' fixture
 * tokens are live, expired, used and withdrawn at the stories' clock; the runner's device is UTC.
 */
const meta = {
  title: 'App/Screens/Invite acceptance',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-inviteacceptance',
  component: InviteAcceptanceScreen,
  render: () => (
    <AuthLayout>
      <InviteAcceptanceScreen />
    </AuthLayout>
  ),
  decorators: [withCoachApi],
  parameters: {
    docs: { story: ownFrame() },
    layout: 'fullscreen',
    route: inviteRoute(fixtureInviteTokens.valid),
  },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta<typeof InviteAcceptanceScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const submit = (canvas: Canvas) => canvas.getByRole('button', { name: 'Create account' });

/** Fills the form with a valid account, the timezone typed as an invitee might. */
async function fillForm(canvas: Canvas) {
  await userEvent.type(await canvas.findByLabelText('First name'), 'Sam');
  await userEvent.type(canvas.getByLabelText('Last name'), 'Taylor');
  await userEvent.type(canvas.getByLabelText('Password'), 'Secret123');
  await userEvent.type(canvas.getByLabelText('Confirm password'), 'Secret123');
  await userEvent.clear(canvas.getByLabelText('Timezone'));
  await userEvent.type(canvas.getByLabelText('Timezone'), 'Europe/Paris');
}

/**
 * A valid invite: 'Join Coach', who invited the client, the invited email read-only, the timezone
 * prefilled from the device (UTC here), empty name and password fields and an enabled button.
 */
export const Valid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('First name')).toHaveValue('');
    await expect(canvas.getByRole('heading', { name: 'Join Coach' })).toBeVisible();
    await expect(
      canvas.getByText('Alex Morgan invited you to Coach. Create your account to get started.'),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveValue('sam.taylor@example.com');
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('readonly');
    await expect(canvas.getByLabelText('Timezone')).toHaveValue('UTC');
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await expect(submit(canvas)).toBeEnabled();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/**
 * While the invite is checked (the request never answers): the 'Join Coach' heading over a busy
 * status 'Checking your invite', no form yet.
 */
export const Checking: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ delays: { checkInvite: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('status', { name: 'Checking your invite' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Join Coach' })).toBeVisible();
    await expect(canvas.queryByLabelText('Password')).not.toBeInTheDocument();
  },
};

/**
 * Create account pressed with the form unfinished: the required, password-length and timezone
 * errors under their fields, the button disabled. Typing a first name clears only that error.
 */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const timezone = await canvas.findByLabelText('Timezone');
    await userEvent.clear(timezone);
    await userEvent.type(timezone, '+01:00');
    await userEvent.type(canvas.getByLabelText('Password'), 'short');
    await userEvent.click(submit(canvas));
    await expect(await canvas.findByText('First name is required')).toBeVisible();
    await expect(canvas.getByText('Last name is required')).toBeVisible();
    await expect(canvas.getByText('Password must be 8+ characters long')).toBeVisible();
    await expect(canvas.getByText('Password confirmation is required')).toBeVisible();
    await expect(
      canvas.getByText('Choose a timezone from the list, such as Europe/Paris'),
    ).toBeVisible();
    await expect(timezone).toHaveAttribute('aria-invalid', 'true');
    await expect(submit(canvas)).toBeDisabled();
    // Editing a field clears its error only.
    await userEvent.type(canvas.getByLabelText('First name'), 'Sam');
    await expect(canvas.queryByText('First name is required')).not.toBeInTheDocument();
    await expect(canvas.getByText('Last name is required')).toBeVisible();
    releaseFocus();
  },
};

/**
 * The confirmation differs by one character: 'Passwords do not match' under both password fields,
 * the button disabled.
 */
export const PasswordsDoNotMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillForm(canvas);
    await userEvent.type(canvas.getByLabelText('Confirm password'), '4');
    await userEvent.click(submit(canvas));
    await expect(await canvas.findAllByText('Passwords do not match')).toHaveLength(2);
    await expect(submit(canvas)).toBeDisabled();
    releaseFocus();
  },
};

/**
 * While the account is created (the request never answers): the button's spinner, the button
 * disabled and the form busy.
 */
export const Submitting: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ delays: { acceptInvite: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillForm(canvas);
    await userEvent.click(submit(canvas));
    await waitFor(() => expect(submit(canvas)).toBeDisabled());
    await expect(submit(canvas)).toHaveAttribute('data-loading');
    await expect(canvasElement.querySelector('form')).toHaveAttribute('aria-busy', 'true');
    releaseFocus();
  },
};

/** The account is made: sign in from the client app; no coach session starts here. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillForm(canvas);
    await userEvent.click(submit(canvas));
    const heading = await canvas.findByRole('heading', { name: 'Your account is ready' });
    await expect(heading).toHaveFocus();
    await expect(canvas.getByText('You can now sign in as sam.taylor@example.com.')).toBeVisible();
    await expect(
      canvas.getByText(
        'Sign in from the client app on your phone. This web app is for coaches only.',
      ),
    ).toBeVisible();
    await expect(localStorage.getItem('accessToken')).toBeNull();
    await expect(localStorage.getItem('refreshToken')).toBeNull();
  },
};

/** The acceptance fails (server error): the entries stay, to send again. */
export const SubmitFailed: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ inviteAcceptFails: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillForm(canvas);
    await userEvent.click(submit(canvas));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your account could not be created. Please try again.');
    await expect(canvas.getByLabelText('First name')).toHaveValue('Sam');
    await expect(canvas.getByLabelText('Password')).toHaveValue('Secret123');
    await expect(canvas.getByLabelText('Timezone')).toHaveValue('Europe/Paris');
    await expect(submit(canvas)).toBeEnabled();
    releaseFocus();
    // The alert sits by the button, under the fold of the runner's window.
    alert.scrollIntoView({ block: 'center' });
  },
};

/** The invite was used up (another tab, another device) between the check and the submit. */
export const UsedOnSubmit: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/auth/invites/accept', () =>
        HttpResponse.json(
          { error: 'invite_used', message: 'This invite has already been used' },
          { status: 409 },
        ),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillForm(canvas);
    await userEvent.click(submit(canvas));
    await expect(
      await canvas.findByRole('heading', { name: 'This invite has already been used' }),
    ).toHaveFocus();
    await expect(canvas.queryByLabelText('Password')).not.toBeInTheDocument();
  },
};

/**
 * An expired invite: the heading 'This invite has expired', why invites expire, and to ask the
 * coach for a new one; no form.
 */
export const Expired: Story = {
  parameters: { route: inviteRoute(fixtureInviteTokens.expired) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'This invite has expired' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'Invites work for a limited time, and your coach may have withdrawn this one.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText('Ask your coach to send you a new invite.')).toBeVisible();
    await expect(canvas.queryByLabelText('Password')).not.toBeInTheDocument();
  },
};

/** A withdrawn invite reads as an expired one: the server does not tell them apart. */
export const Withdrawn: Story = {
  parameters: { route: inviteRoute(fixtureInviteTokens.withdrawn), snapshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'This invite has expired' }),
    ).toBeVisible();
  },
};

/**
 * An invite already used: its heading, a pointer to sign in from the client app, and to ask for a
 * new invite.
 */
export const Used: Story = {
  parameters: { route: inviteRoute(fixtureInviteTokens.used) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'This invite has already been used' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('If you created your account with it, sign in from the client app.'),
    ).toBeVisible();
    await expect(canvas.getByText('Ask your coach to send you a new invite.')).toBeVisible();
  },
};

/** A token the server does not know: 'This invite link is not valid' and to ask for a new invite. */
export const Invalid: Story = {
  parameters: { route: inviteRoute('not-a-real-token') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'This invite link is not valid' }),
    ).toBeVisible();
    await expect(canvas.getByText('Ask your coach to send you a new invite.')).toBeVisible();
  },
};

/**
 * The link without its token (/invite): 'This invite link is incomplete' and to open the link from
 * the email again, in full.
 */
export const NoToken: Story = {
  parameters: { route: '/invite' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'This invite link is incomplete' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('Open the link from your invite email again, in full.'),
    ).toBeVisible();
  },
};

/** The check fails (server error): the generic processing error, and a retry that works. */
export const CheckFailed: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ inviteCheckFails: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Error processing invite');
    await expect(alert).toHaveTextContent('Check your connection and try again.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/**
 * The first check fails with a server error, Try again checks again and the form appears (no
 * snapshot: it shows the Valid state).
 */
export const CheckRetried: Story = {
  parameters: { snapshot: false },
  beforeEach({ msw }) {
    msw.use(
      http.post(
        '*/api/auth/invites/check',
        () => HttpResponse.json({ error: 'internal_error', message: 'x' }, { status: 500 }),
        { once: true },
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByLabelText('First name')).toBeVisible();
  },
};

/** A coach signed in on this browser opens an invite link: the page shows, no redirect. */
export const SignedInCoach: Story = {
  parameters: { session: { tokens: fixtureTokens.coach } },
  render: renderApp,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('First name')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Join Coach' })).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  },
};
