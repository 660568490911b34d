import {
  createHandlers,
  createMockState,
  demoCoachCredentials,
  demoResetCode,
  fixtureIds,
  seedAuthenticator,
  seedPasskey,
} from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AuthLayout } from '../../packages/app/src/core/layout/index.ts';
import { PasswordResetScreen } from '../../packages/app/src/features/passwordReset/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectToast } from './expectToast.ts';
import { renderApp } from './signedInScreen.tsx';
import { withCoachApi } from './withCoachApi.tsx';
import { withMockAuthenticator } from './withMockAuthenticator.tsx';

/** The signed-out password reset at '/changePassword': email, mailed code, new password. */
const meta = {
  title: 'App/Screens/Password reset',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-passwordreset',
  component: PasswordResetScreen,
  render: () => (
    <AuthLayout>
      <PasswordResetScreen />
    </AuthLayout>
  ),
  decorators: [withCoachApi],
  parameters: { docs: { story: ownFrame() }, layout: 'fullscreen', route: '/changePassword' },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta<typeof PasswordResetScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const next = (canvas: Canvas) => canvas.getByRole('button', { name: 'Next' });
// Toasts are portalled out of the story's root.
const page = () => within(document.body);

async function toCodeStep(canvas: Canvas, address: string = demoCoachCredentials.email) {
  const email = await canvas.findByLabelText('Email');
  await userEvent.type(email, address);
  await userEvent.click(next(canvas));
  return canvas.findByLabelText('Code');
}

async function toPasswordStep(canvas: Canvas) {
  await userEvent.type(await toCodeStep(canvas), demoResetCode);
  await userEvent.click(next(canvas));
  return canvas.findByLabelText('New password');
}

/**
 * Step 1 of 3: 'Change password' with an empty Email field, Next enabled and the 'Back to sign in'
 * link.
 */
export const EmailStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(canvas.getByText('Step 1 of 3')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveValue('');
    await expect(next(canvas)).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/',
    );
  },
};

/**
 * Next pressed with no email ('Email is required', Next disabled), then with an address without @:
 * 'Incorrect email format' and the field invalid.
 */
export const EmailErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(next(canvas));
    await expect(await canvas.findByText('Email is required')).toBeVisible();
    await expect(next(canvas)).toBeDisabled();
    await userEvent.type(canvas.getByLabelText('Email'), 'coach.example.com');
    await expect(canvas.queryByText('Email is required')).not.toBeInTheDocument();
    // The format is checked on submit, not while typing.
    await expect(canvas.queryByText('Incorrect email format')).not.toBeInTheDocument();
    await userEvent.click(next(canvas));
    await expect(await canvas.findByText('Incorrect email format')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  },
};

/**
 * The code request fails on the server: the toast 'Change password request failed' and the screen
 * stays at step 1 with the email kept.
 */
export const RequestFailed: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ resetRequestFails: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Email'), demoCoachCredentials.email);
    await userEvent.click(next(canvas));
    await expectToast('Change password request failed');
    await expect(canvas.getByText('Step 1 of 3')).toBeVisible();
  },
};

/** A 429 of the auth service that asks to wait `seconds`. */
const rateLimited = (seconds: number) =>
  HttpResponse.json(
    { error: 'rate_limited', message: 'Too many attempts' },
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  );

/**
 * Too many code requests (429): a toast says when to try again, not that the request failed; the
 * screen stays at step 1.
 */
export const RequestTooManyAttempts: Story = {
  // The picture, once the toast is gone, is RequestFailed's.
  parameters: { snapshot: false },
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/passwordReset/request', () => rateLimited(45)));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Email'), demoCoachCredentials.email);
    await userEvent.click(next(canvas));
    // The one toast says when, in place of the failure's.
    await expect(
      await page().findByText('Too many attempts. Try again in 45 seconds.'),
    ).toBeInTheDocument();
    await expect(page().queryByText('Change password request failed')).not.toBeInTheDocument();
    await expectToast('Too many attempts. Try again in 45 seconds.');
    await expect(canvas.queryByLabelText('Code')).not.toBeInTheDocument();
    await expect(canvas.getByText('Step 1 of 3')).toBeVisible();
  },
};

/**
 * Step 2 of 3: the 6-digit code field, the address the code went to (trimmed), and the 'send me a
 * new code' link button.
 */
export const CodeStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The address typed with spaces around it: the code goes to it trimmed (the text as it is,
    // spaces not collapsed, names the address it was sent to).
    await expect(await toCodeStep(canvas, `  ${demoCoachCredentials.email}  `)).toHaveValue('');
    await expect(canvas.getByText('Step 2 of 3')).toBeVisible();
    await expect(
      canvas.getByText('Enter the 6-digit code sent to coach@example.com.', {
        normalizer: (text) => text,
      }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'send me a new code' })).toBeVisible();
  },
};

/**
 * The code's checks in turn: required, 6 characters long, digits only; the shot shows the last
 * ('Code must contain only digits') with Next disabled.
 */
export const CodeErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const code = await toCodeStep(canvas);
    await userEvent.click(next(canvas));
    await expect(await canvas.findByText('Code is required')).toBeVisible();
    await userEvent.type(code, '123');
    await userEvent.click(next(canvas));
    await expect(await canvas.findByText('Code must be 6 characters long')).toBeVisible();
    await userEvent.clear(code);
    await userEvent.type(code, '12ab56');
    await userEvent.click(next(canvas));
    await expect(await canvas.findByText('Code must contain only digits')).toBeVisible();
    await expect(next(canvas)).toBeDisabled();
  },
};

/** A well-formed code the server refuses: 'Wrong code' under the field, which turns invalid. */
export const WrongCode: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ resetCodeFails: true }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const code = await toCodeStep(canvas);
    await userEvent.type(code, '654321');
    await userEvent.click(next(canvas));
    await expect(await canvas.findByText('Wrong code')).toBeVisible();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Too many code checks (429): when to try again, above the code until it is edited. */
export const CodeTooManyAttempts: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/passwordReset/verifyCode', () => rateLimited(900)));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const code = await toCodeStep(canvas);
    await userEvent.type(code, demoResetCode);
    await userEvent.click(next(canvas));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 15 minutes.',
    );
    await expect(next(canvas)).toBeDisabled();
  },
};

/** After a resend the link gives way to the 60 s countdown. */
export const ResendCountdown: Story = {
  // The countdown runs on the story's clock: the second shown depends on when the shot is taken.
  parameters: { snapshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toCodeStep(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'send me a new code' }));
    await expect(await canvas.findByText(/^resend code in (1:00|0:59)$/)).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: 'send me a new code' }),
    ).not.toBeInTheDocument();
    // Time runs on: the countdown moves.
    await expect(
      await canvas.findByText(/^resend code in 0:5\d$/, {}, { timeout: 3000 }),
    ).toBeVisible();
  },
};

/**
 * Asking for a new code fails: the toast 'Resend code failed'; the step and its link stay for
 * another try.
 */
export const ResendFailed: Story = {
  beforeEach({ msw }) {
    // The first code is sent; asking for a new one fails.
    let requests = 0;
    msw.use(
      http.post('*/api/auth/passwordReset/request', () => {
        requests += 1;
        if (requests === 1) return undefined;
        return HttpResponse.json(
          { error: 'internal_error', message: 'Something went wrong' },
          { status: 500 },
        );
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toCodeStep(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'send me a new code' }));
    await expectToast('Resend code failed');
    await expect(canvas.getByRole('button', { name: 'send me a new code' })).toBeVisible();
  },
};

/**
 * Asking for a new code too often (429): a toast says when to try again, not that the resend
 * failed; the link stays.
 */
export const ResendTooManyAttempts: Story = {
  // The picture, once the toast is gone, is ResendFailed's.
  parameters: { snapshot: false },
  beforeEach({ msw }) {
    // The first code is sent; a new one is throttled.
    let requests = 0;
    msw.use(
      http.post('*/api/auth/passwordReset/request', () => {
        requests += 1;
        return requests === 1 ? undefined : rateLimited(75);
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await toCodeStep(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'send me a new code' }));
    // The one toast says when, in place of the failure's.
    await expect(
      await page().findByText('Too many attempts. Try again in 2 minutes.'),
    ).toBeInTheDocument();
    await expect(page().queryByText('Resend code failed')).not.toBeInTheDocument();
    await expectToast('Too many attempts. Try again in 2 minutes.');
    await expect(canvas.getByRole('button', { name: 'send me a new code' })).toBeVisible();
  },
};

/**
 * Step 3 of 3, the password rules in turn: required, 8+ characters, then a long but weak one:
 * 'Requires numbers and different case letters'.
 */
export const PasswordErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const password = await toPasswordStep(canvas);
    await expect(canvas.getByText('Step 3 of 3')).toBeVisible();
    await userEvent.click(next(canvas));
    await expect(await canvas.findByText('Password is required')).toBeVisible();
    await expect(canvas.getByText('Password confirmation is required')).toBeVisible();
    await userEvent.type(password, 'short');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'short');
    await userEvent.click(next(canvas));
    await expect(await canvas.findByText('Password must be 8+ characters long')).toBeVisible();
    await userEvent.clear(password);
    await userEvent.type(password, 'longbutweak');
    await userEvent.clear(canvas.getByLabelText('Confirm password'));
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'longbutweak');
    await userEvent.click(next(canvas));
    await expect(
      await canvas.findByText('Requires numbers and different case letters'),
    ).toBeVisible();
  },
};

/**
 * New and confirmed passwords differ by one character: 'Passwords do not match' under both fields,
 * both invalid, Next disabled.
 */
export const PasswordsDoNotMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await toPasswordStep(canvas), 'NewPass123');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'NewPass124');
    await userEvent.click(next(canvas));
    const errors = await canvas.findAllByText('Passwords do not match');
    await expect(errors).toHaveLength(2);
    await expect(canvas.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await expect(next(canvas)).toBeDisabled();
  },
};

/**
 * Valid matching passwords but the server fails: the toast 'Password reset failed', and the step
 * stays filled for another try.
 */
export const ResetFailed: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          resetPassword: { status: 500, error: 'internal_error', message: 'Something went wrong' },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await toPasswordStep(canvas), 'NewPass123');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'NewPass123');
    await userEvent.click(next(canvas));
    await expectToast('Password reset failed');
    await expect(canvas.getByLabelText('New password')).toHaveValue('NewPass123');
  },
};

/** The whole signed-out app: the reset signs the coach in and opens the clients list. */
export const Success: Story = {
  render: renderApp,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await toPasswordStep(canvas), 'NewPass123');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'NewPass123');
    await userEvent.click(next(canvas));
    await expectToast('Password successfully changed');
    await expect(await canvas.findByRole('heading', { name: 'My clients' })).toBeVisible();
  },
};

/**
 * An account with a passkey and the authenticator app: the new password does not sign the coach
 * in by itself, the reset ends on the second step (decision 73).
 */
export const EndsOnTheSecondStep: Story = {
  decorators: [withMockAuthenticator],
  beforeEach({ msw }) {
    const state = createMockState();
    seedPasskey(state, { userId: fixtureIds.coachUser });
    seedAuthenticator(state, fixtureIds.coachUser);
    msw.use(...createHandlers({ state }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await toPasswordStep(canvas), 'NewPass123');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'NewPass123');
    await userEvent.click(next(canvas));
    await expect(await canvas.findByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await expect(canvas.getByLabelText('Code from your authenticator app')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'My clients' })).not.toBeInTheDocument();
    // One way back: the second step's, not the reset's as well.
    await expect(canvas.getAllByText('Back to sign in')).toHaveLength(1);
  },
};

/**
 * The whole signed-out app at a reset carrying a signed-in page in `?next=`: 'Back to sign in'
 * keeps it, and the reset signs the coach in on that page. (The settings screen's picture is its
 * own stories'.)
 */
export const ReturnsToTheLinkedPage: Story = {
  render: renderApp,
  parameters: { route: '/changePassword?next=%2Fsettings', snapshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/?next=%2Fsettings',
    );
    await userEvent.type(await toPasswordStep(canvas), 'NewPass123');
    await userEvent.type(canvas.getByLabelText('Confirm password'), 'NewPass123');
    await userEvent.click(next(canvas));
    await expect(await canvas.findByRole('heading', { name: 'Settings' })).toBeVisible();
    await expectToast('Password successfully changed');
    // Still there once the toast is gone: the reset's own step on goes there too, not to the list.
    await expect(canvas.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'My clients' })).not.toBeInTheDocument();
  },
};
