import {
  authenticatorCodeAt,
  createHandlers,
  createMockState,
  demoAuthenticatorSecret,
  fixtureIds,
  fixtureTokens,
  type HandlersOptions,
  seedAuthenticator,
  seedPasskey,
  seedPasswordEntered,
} from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SignInMethodsSection } from '../../packages/app/src/features/settings/index.ts';
import { findOpenDialog } from '../ui/fixtures/openDialog.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectToast } from './expectToast.ts';
import { withCoachApi } from './withCoachApi.tsx';
import { withMockAuthenticator } from './withMockAuthenticator.tsx';

/**
 * 'Sign-in methods' in Settings (decision 73): the coach's passkeys (added, renamed, removed) and
 * authenticator app (set up with a QR code and the key as text, confirmed with a first code, then
 * ten recovery codes shown once), over the mocks. A change asks for a recent proof (issue 64): a
 * second factor used lately, or, for an account without one, the password entered lately (a coach
 * who signed in a minute ago has; the password dialog's own stories are 'App/Dialogs/Confirm password').
 */
const meta = {
  title: 'App/Settings/Sign-in methods',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-settings-signinmethods',
  component: SignInMethodsSection,
  decorators: [withMockAuthenticator, withCoachApi],
  parameters: {
    docs: { story: ownFrame(700) },
    session: { tokens: fixtureTokens.coach },
    width: '44rem',
  },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta<typeof SignInMethodsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

// Dialogs and toasts are portalled out of the story's root.
const page = () => within(document.body);

/**
 * Handlers over a state where the demo coach has a passkey and/or the authenticator app, and
 * signed in with the password a minute ago when `hasSignedInJustNow` (adding a first factor then
 * asks for nothing more).
 */
function coachWith(
  { passkey = false, authenticator = false, hasSignedInJustNow = false },
  options: HandlersOptions = {},
) {
  const state = createMockState();
  if (passkey) seedPasskey(state, { userId: fixtureIds.coachUser });
  if (authenticator) seedAuthenticator(state, fixtureIds.coachUser);
  if (hasSignedInJustNow) seedPasswordEntered(state, fixtureTokens.coach.accessToken);
  return createHandlers({ ...options, state });
}

/** The demo coach without a factor, signed in with the password a minute ago. */
const signedInJustNow: Story['beforeEach'] = ({ msw }) => {
  msw.use(...coachWith({ hasSignedInJustNow: true }));
};

const section = (canvasElement: HTMLElement) => within(canvasElement);

/**
 * The app's set-up dialog once its entrance is over (its QR code visible), when it has put the
 * focus where it starts: a code typed before that (a loaded machine) could lose its keys to the
 * focus move. (Not the focus itself: a Docs page's frames do not hold it.)
 */
async function enrolmentDialog() {
  const dialog = within(await page().findByRole('dialog'));
  const qrCode = await dialog.findByRole('img', { name: 'QR code for your authenticator app' });
  await waitFor(() => expect(qrCode).toBeVisible());
  return dialog;
}

/** No second factor yet: no passkeys, 'Add a passkey' and 'Set up an authenticator app'. */
export const NoneYet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await expect(await canvas.findByText('No passkeys yet.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add a passkey' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  },
};

/** A passkey listed with its name, when it was added and last used. */
export const PasskeyListed: Story = {
  beforeEach({ msw }) {
    msw.use(...coachWith({ passkey: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await expect(await canvas.findByText('MacBook Touch ID')).toBeVisible();
    await expect(canvas.getByText(/Added Feb 3, 2025 · last used Mar 14, 2025/)).toBeVisible();
  },
};

/** A passkey added: named, made by the browser, listed (not used yet). */
export const PasskeyAdded: Story = {
  beforeEach: signedInJustNow,
  parameters: { authenticator: { credentialIds: [] } },
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a passkey' }));
    // Clicked into once its entrance (from opacity 0) is over, as a coach sees it: on a loaded
    // machine its first frame could still be the one drawn when the name's error showed.
    const dialog = within(await findOpenDialog('Add a passkey'));
    await userEvent.click(dialog.getByRole('button', { name: 'Create passkey' }));
    await expect(await dialog.findByText('Name is required')).toBeVisible();
    await userEvent.type(dialog.getByLabelText('Name'), 'Work laptop');
    await userEvent.click(dialog.getByRole('button', { name: 'Create passkey' }));
    await expect(await canvas.findByText('Work laptop')).toBeVisible();
    await expect(canvas.getByText(/not used yet/)).toBeVisible();
    // The toast said so; gone before the snapshot, whenever it came.
    await expectToast('Passkey added');
  },
};

/** The authenticator app on, with the recovery codes left. */
export const AuthenticatorOn: Story = {
  beforeEach({ msw }) {
    msw.use(...coachWith({ authenticator: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await expect(await canvas.findByText('On since Feb 10, 2025')).toBeVisible();
    await expect(canvas.getByText('10 recovery codes left')).toBeVisible();
  },
};

/** Setting up the app: the server's QR code (as an image) and the key as text. */
export const EnrollingWithQrCode: Story = {
  beforeEach: signedInJustNow,
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Set up an authenticator app' }),
    );
    const dialog = within(await page().findByRole('dialog'));
    // Shown with the dialog: visible once its entrance is over.
    const qrCode = await dialog.findByRole('img', { name: 'QR code for your authenticator app' });
    await waitFor(() => expect(qrCode).toBeVisible());
    await expect(dialog.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
  },
};

/** The first code turns codes on, and the ten recovery codes show once. */
export const RecoveryCodesShown: Story = {
  beforeEach: signedInJustNow,
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Set up an authenticator app' }),
    );
    const dialog = await enrolmentDialog();
    const code = await dialog.findByLabelText('Code from the app');
    const first = authenticatorCodeAt(demoAuthenticatorSecret, new Date());
    await userEvent.type(code, first);
    await expect(code).toHaveValue(first);
    await userEvent.click(dialog.getByRole('button', { name: 'Turn on' }));
    // The codes' dialog takes the enrolment's place (found afresh: it mounts as that one goes).
    const heading = await page().findByRole('heading', { name: 'Save your recovery codes' });
    await waitFor(() => expect(heading).toBeVisible());
    await expect(await page().findAllByRole('listitem')).toHaveLength(10);
    const download = await page().findByRole('button', { name: 'Download' });
    await waitFor(() => expect(download).toBeVisible());
    await expectToast('Authenticator app on');
  },
};

/** A wrong first code: 'Wrong code' under the field. */
export const EnrolWrongCode: Story = {
  beforeEach: signedInJustNow,
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Set up an authenticator app' }),
    );
    const dialog = await enrolmentDialog();
    const code = await dialog.findByLabelText('Code from the app');
    await userEvent.type(code, '000000');
    await expect(code).toHaveValue('000000');
    await userEvent.click(dialog.getByRole('button', { name: 'Turn on' }));
    await expect(await dialog.findByText('Wrong code')).toBeVisible();
  },
};

/**
 * Removing a passkey without a recent second factor: 'Confirm it's you' asks for one (a passkey
 * or a code), then the removal goes through.
 */
export const StepUpDialog: Story = {
  beforeEach({ msw }) {
    msw.use(...coachWith({ passkey: true, authenticator: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Remove MacBook Touch ID' }));
    const confirm = within(await page().findByRole('dialog', { name: 'Remove passkey?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    const stepUp = within(await page().findByRole('dialog', { name: "Confirm it's you" }));
    await waitFor(() =>
      expect(stepUp.getByRole('button', { name: 'Use a passkey' })).toBeVisible(),
    );
    await userEvent.type(
      stepUp.getByLabelText('Code from your authenticator app'),
      authenticatorCodeAt(demoAuthenticatorSecret, new Date()),
    );
    await userEvent.click(stepUp.getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByText('No passkeys yet.')).toBeVisible();
    await expectToast('Passkey removed');
  },
};

/**
 * Adding a passkey with the authenticator app on and no second factor used lately: 'Confirm it's
 * you' asks for one first (a password would not do), then the passkey is made and listed.
 */
export const AddingAsksForASecondFactor: Story = {
  beforeEach({ msw }) {
    msw.use(...coachWith({ authenticator: true, hasSignedInJustNow: true }));
  },
  parameters: { authenticator: { credentialIds: [] } },
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a passkey' }));
    const nameDialog = within(await page().findByRole('dialog', { name: 'Add a passkey' }));
    await userEvent.type(nameDialog.getByLabelText('Name'), 'Work laptop');
    await userEvent.click(nameDialog.getByRole('button', { name: 'Create passkey' }));
    const stepUp = within(await page().findByRole('dialog', { name: "Confirm it's you" }));
    await waitFor(() => expect(stepUp.getByRole('heading')).toBeVisible());
    await expect(stepUp.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.type(
      await stepUp.findByLabelText('Code from your authenticator app'),
      authenticatorCodeAt(demoAuthenticatorSecret, new Date()),
    );
    await userEvent.click(stepUp.getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByText('Work laptop')).toBeVisible();
    await expectToast('Passkey added');
  },
};

/**
 * While the methods load (the request never answers): the heading and the hint over a busy
 * 'Loading' placeholder, no button to add or change a method yet.
 */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ delays: { listSignInMethods: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Sign-in methods', level: 2 })).toBeVisible();
    await expect(
      canvas.getByText(
        "A passkey or an authenticator app keeps your clients' data safe even if someone learns your password.",
      ),
    ).toBeVisible();
    const placeholder = await canvas.findByRole('status', { name: 'Loading' });
    await expect(placeholder).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** The methods could not be read: the failure and 'Try again'. */
export const LoadFailed: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          listSignInMethods: {
            status: 500,
            error: 'internal_error',
            message: 'Something went wrong',
          },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await expect(await canvas.findByText('Sign-in methods could not be loaded')).toBeVisible();
  },
};

/** REQUIRE_MFA with one factor: the last one stays (409 in words). */
export const LastFactorStays: Story = {
  beforeEach({ msw }) {
    msw.use(...coachWith({ authenticator: true }, { requireSecondFactor: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = section(canvasElement);
    await expect(
      await canvas.findByText(
        'Your practice requires a second sign-in method: you keep at least one.',
      ),
    ).toBeVisible();
  },
};
