import {
  authenticatorCodeAt,
  createHandlers,
  createMockState,
  demoAuthenticatorSecret,
  demoCoachCredentials,
  fixtureIds,
  seedAuthenticator,
  seedPasskey,
} from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { focusWithoutScrollInDocs } from './docsFrameFocus.ts';
import { releaseFocus } from './releaseFocus.ts';
import { renderApp } from './signedInScreen.tsx';
import { withCoachApi } from './withCoachApi.tsx';
import { withMockAuthenticator } from './withMockAuthenticator.tsx';

/** The demo coach's recovery codes of the story that runs. */
let recoveryCodes: string[] = [];

/**
 * Sign-in for a coach with a second factor (decision 73): the right password reaches the second
 * step in the signed-out layout (a passkey, the authenticator app's code or a recovery code), and
 * 'Sign in with a passkey' signs in with a passkey alone. The mocks check the code with otpauth;
 * a passkey is the mock authenticator's (the server verifies real signatures).
 */
const meta = {
  title: 'App/Screens/Sign in/Second step',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-signin-second-step',
  render: renderApp,
  decorators: [withMockAuthenticator, withCoachApi],
  parameters: { docs: { story: ownFrame() }, layout: 'fullscreen', route: '/' },
  beforeEach({ msw }) {
    const state = createMockState();
    seedPasskey(state, { userId: fixtureIds.coachUser });
    recoveryCodes = seedAuthenticator(state, fixtureIds.coachUser);
    msw.use(...createHandlers({ state }));
    focusWithoutScrollInDocs();
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Email and password typed and sent: the second step shows. */
async function reachSecondStep(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Email'), demoCoachCredentials.email);
  await userEvent.type(canvas.getByLabelText('Password'), demoCoachCredentials.password);
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  await expect(await canvas.findByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  return canvas;
}

const clientsHeading = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('heading', { name: 'My clients' });

/** The screen before the password: 'Sign in with a passkey' under the form. */
export const PasskeyButton: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: 'Sign in with a passkey' }),
    ).toBeEnabled();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
  },
};

/** 'Sign in with a passkey': the browser's passkey names the account, and the clients list opens. */
export const SignedInWithPasskey: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in with a passkey' }));
    await expect(await clientsHeading(canvas)).toBeVisible();
  },
};

/** The coach closes the browser's passkey dialog: nothing to correct, no error. */
export const PasskeyCancelled: Story = {
  parameters: { authenticator: { isCancelled: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in with a passkey' }));
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** A passkey this site never registered (another device's): refused in words. */
export const PasskeyUnknown: Story = {
  parameters: { authenticator: { credentialIds: ['c3RyYW5nZXI'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in with a passkey' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This passkey can not sign in to this account',
    );
    // Whether the button keeps its focus ring depends on when its loading state ended: the
    // snapshot shows the page without it.
    releaseFocus();
  },
};

/** The right password of an account with factors: the second step, nothing signed in yet. */
export const SecondStepShown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await reachSecondStep(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await expect(canvas.getByLabelText('Code from your authenticator app')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
  },
};

/** Submitted empty, then with letters: the spec's code messages, submit disabled until an edit. */
export const CodeValidation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await reachSecondStep(canvasElement);
    const submit = canvas.getByRole('button', { name: 'Sign in' });
    await userEvent.click(submit);
    await expect(await canvas.findByText('Code is required')).toBeVisible();
    await expect(submit).toBeDisabled();
    await userEvent.type(canvas.getByLabelText('Code from your authenticator app'), '12ab56');
    await expect(canvas.queryByText('Code is required')).not.toBeInTheDocument();
    await userEvent.click(submit);
    await expect(await canvas.findByText('Code must contain only digits')).toBeVisible();
  },
};

/** A wrong code: 'Wrong code' under the field. */
export const WrongCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await reachSecondStep(canvasElement);
    await userEvent.type(canvas.getByLabelText('Code from your authenticator app'), '000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Wrong code')).toBeVisible();
  },
};

/** The app's code (computed from the secret at the story's clock) signs in. */
export const SignedInWithCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await reachSecondStep(canvasElement);
    const code = authenticatorCodeAt(demoAuthenticatorSecret, new Date());
    await userEvent.type(canvas.getByLabelText('Code from your authenticator app'), code);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await clientsHeading(canvas)).toBeVisible();
  },
};

/** A recovery code, typed in capitals without its hyphen, signs in. */
export const SignedInWithRecoveryCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await reachSecondStep(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = await canvas.findByLabelText('Recovery code');
    await userEvent.type(field, (recoveryCodes[0] ?? '').replace('-', '').toUpperCase());
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await clientsHeading(canvas)).toBeVisible();
  },
};

/** The second step with a passkey of the account. */
export const SignedInWithPasskeyAsSecondStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await reachSecondStep(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Use a passkey' }));
    await expect(await clientsHeading(canvas)).toBeVisible();
  },
};

/** A call of the second step that never answers (the story's state while it waits). */
const neverAnswered = (path: string) =>
  http.post(`*/api/auth/login/second-step${path}`, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  });

/**
 * While the passkey is asked for (the server's challenge never comes here): 'Use a passkey' shows
 * its spinner, disabled, and the code's 'Sign in' waits too; no error.
 */
export const SecondStepLoading: Story = {
  beforeEach({ msw }) {
    msw.use(neverAnswered('/passkey/options'));
  },
  play: async ({ canvasElement }) => {
    const canvas = await reachSecondStep(canvasElement);
    const passkey = canvas.getByRole('button', { name: 'Use a passkey' });
    await userEvent.click(passkey);
    await expect(passkey).toBeDisabled();
    await expect(passkey).toHaveAttribute('data-loading');
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await expect(canvas.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/**
 * While the code is checked (the request never answers): 'Sign in' shows its spinner, disabled,
 * the code kept in its field; nothing signed in yet, no error.
 */
export const SecondStepSubmitting: Story = {
  beforeEach({ msw }) {
    msw.use(neverAnswered(''));
  },
  play: async ({ canvasElement }) => {
    const canvas = await reachSecondStep(canvasElement);
    const field = canvas.getByLabelText('Code from your authenticator app');
    await userEvent.type(field, '123456');
    const submit = canvas.getByRole('button', { name: 'Sign in' });
    await userEvent.click(submit);
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAttribute('data-loading');
    await expect(field).toHaveValue('123456');
    await expect(canvas.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    // Whether the button keeps its focus ring depends on when the click's focus landed: the
    // snapshot shows the page without it.
    releaseFocus();
  },
};
