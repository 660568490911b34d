import {
  createHandlers,
  demoClientCredentials,
  demoCoachCredentials,
  demoSignInCode,
} from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AuthLayout } from '../../packages/app/src/core/layout/index.ts';
import { SignInScreen } from '../../packages/app/src/features/auth/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { focusWithoutScrollInDocs } from './docsFrameFocus.ts';
import { releaseFocus } from './releaseFocus.ts';
import { renderApp } from './signedInScreen.tsx';
import { withCoachApi } from './withCoachApi.tsx';

const meta = {
  title: 'App/Screens/Sign in',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-signin',
  component: SignInScreen,
  render: () => (
    <AuthLayout>
      <SignInScreen />
    </AuthLayout>
  ),
  decorators: [withCoachApi],
  parameters: { docs: { story: ownFrame() }, layout: 'fullscreen', route: '/' },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
    // The plays type into fields and the code field takes focus: the Docs page must not follow.
    focusWithoutScrollInDocs();
  },
} satisfies Meta<typeof SignInScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const fields = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  return {
    canvas,
    email: canvas.getByLabelText('Email'),
    password: canvas.getByLabelText('Password'),
    submit: canvas.getByRole('button', { name: 'Sign in' }),
  };
};

/** Types these credentials into the form, once it shows, and presses Sign in; the form's fields. */
async function signInWith(
  canvasElement: HTMLElement,
  credentials: { email: string; password: string },
) {
  await within(canvasElement).findByLabelText('Email');
  const form = fields(canvasElement);
  await userEvent.type(form.email, credentials.email);
  await userEvent.type(form.password, credentials.password);
  await userEvent.click(form.submit);
  return form;
}

/**
 * The screen as a coach first sees it: heading, empty Email and masked Password, an enabled Sign
 * in button and the 'Forgot password?' link; no error.
 */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, email, password, submit } = fields(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(email).toHaveValue('');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(submit).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/changePassword',
    );
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/**
 * Sign in pressed with both fields empty: 'Email is required' and 'Password is required' under the
 * fields and the button disabled. Typing into a field clears only its error.
 */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, email, submit } = fields(canvasElement);
    // No error before the first submit, even for a field typed in and emptied.
    await userEvent.type(email, 'x');
    await userEvent.clear(email);
    await expect(canvas.queryByText('Email is required')).not.toBeInTheDocument();
    await userEvent.click(submit);
    await expect(await canvas.findByText('Email is required')).toBeVisible();
    await expect(canvas.getByText('Password is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(submit).toBeDisabled();

    // Editing a field clears its error; a new check waits for the next submit.
    await userEvent.type(email, 'coach@');
    await expect(canvas.queryByText('Email is required')).not.toBeInTheDocument();
    await expect(canvas.queryByText('Incorrect email format')).not.toBeInTheDocument();
    await expect(canvas.getByText('Password is required')).toBeVisible();
    await expect(submit).toBeDisabled();
  },
};

/**
 * An email without an @: 'Incorrect email format' under the Email field, which turns invalid (red
 * border).
 */
export const IncorrectEmailFormat: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, email } = await signInWith(canvasElement, {
      email: 'coach.example.com',
      password: 'Coach123!',
    });
    await expect(await canvas.findByText('Incorrect email format')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
  },
};

/**
 * The password typed, then shown as text with the eye button, which now reads 'Hide password' and
 * masks it again.
 */
export const PasswordShown: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, password } = fields(canvasElement);
    await userEvent.type(password, 'Coach123!');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(password).toHaveAttribute('type', 'password');
    // Shown again for the picture.
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(password).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toBeVisible();
  },
};

/**
 * A signed-out link's page kept in `?next=`: 'Forgot password?' carries it on, as the reset signs
 * the coach in too. (The picture is Empty's.)
 */
export const ForgotPasswordKeepsReturnPath: Story = {
  parameters: { route: '/?next=%2Fclients%2F42', snapshot: false },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', { name: 'Forgot password?' }),
    ).toHaveAttribute('href', '/changePassword?next=%2Fclients%2F42');
  },
};

/**
 * A known coach with a wrong password: the alert 'Wrong email or password' above the form, and
 * Sign in disabled until a field changes.
 */
export const WrongPassword: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, submit } = await signInWith(canvasElement, {
      email: demoCoachCredentials.email,
      password: 'NotThePassword1',
    });
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Wrong email or password');
    await expect(submit).toBeDisabled();
  },
};

/**
 * A client's credentials: the alert 'Invalid user type. Only coaches allowed'; the app is for
 * coaches only.
 */
export const UserTypeRefused: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await signInWith(canvasElement, demoClientCredentials);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Invalid user type. Only coaches allowed',
    );
    releaseFocus();
  },
};

/**
 * The network down: the server could not be reached. What was typed stays, and the same sign-in
 * can be sent again as it is (nothing to correct, so the button stays enabled).
 */
export const ServerUnreachable: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/login', () => HttpResponse.error()));
  },
  play: async ({ canvasElement }) => {
    const { canvas, email, password, submit } = await signInWith(
      canvasElement,
      demoCoachCredentials,
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The server could not be reached, please try again',
    );
    await expect(email).toHaveValue(demoCoachCredentials.email);
    await expect(password).toHaveValue(demoCoachCredentials.password);
    await expect(submit).toBeEnabled();
    releaseFocus();
  },
};

/** A proxy answering 503 (the server down behind it) reads the same as no network. */
export const ServiceUnavailable: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/auth/login', () => new HttpResponse(null, { status: 503 })));
  },
  play: async ({ canvasElement }) => {
    const { canvas, email, submit } = await signInWith(canvasElement, demoCoachCredentials);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The server could not be reached, please try again',
    );
    await expect(email).toHaveValue(demoCoachCredentials.email);
    await expect(submit).toBeEnabled();
    releaseFocus();
  },
};

/**
 * The server fails (500): 'Sign-in failed, please try again', not that it could not be reached.
 */
export const SignInFailed: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({ error: 'internal_error', message: 'Boom' }, { status: 500 }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const { canvas } = await signInWith(canvasElement, demoCoachCredentials);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Sign-in failed, please try again',
    );
    await expect(canvas.queryByText(/could not be reached/)).not.toBeInTheDocument();
    releaseFocus();
  },
};

/** A throttled sign-in (429) says so and when to try again, never 'could not be reached'. */
export const TooManyAttempts: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json(
          { error: 'rate_limited', message: 'Too many sign-in attempts' },
          { status: 429, headers: { 'Retry-After': '120' } },
        ),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const { canvas, submit } = await signInWith(canvasElement, {
      email: demoCoachCredentials.email,
      password: 'NotThePassword1',
    });
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 2 minutes.',
    );
    await expect(canvas.queryByText(/could not be reached/)).not.toBeInTheDocument();
    await expect(submit).toBeDisabled();
  },
};

const codeNotice =
  'If your email and password are right, we have emailed you a code: enter it to sign in';

/**
 * The account asks for the code mailed to it (strangers' failed sign-ins went past the server's
 * ceiling): Sign in shows the server's notice above a Code field that takes focus, email and
 * password stay, and the code sent with them (spaces around it dropped) signs the coach in (the
 * whole signed-out app here, so the clients list opens).
 */
export const CodeRequired: Story = {
  render: renderApp,
  beforeEach({ msw }) {
    msw.use(...createHandlers({ signInCodeRequired: true }));
  },
  play: async ({ canvasElement }) => {
    const { canvas, email, password, submit } = await signInWith(
      canvasElement,
      demoCoachCredentials,
    );
    const code = await canvas.findByLabelText('Code');
    await expect(canvas.getByText(codeNotice)).toBeVisible();
    await expect(code).toHaveFocus();
    await expect(code).toHaveAccessibleDescription(codeNotice);
    await expect(email).toHaveValue(demoCoachCredentials.email);
    await expect(password).toHaveValue(demoCoachCredentials.password);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(submit).toBeEnabled();

    // Spaces around a pasted code are dropped.
    await userEvent.type(code, ` ${demoSignInCode} `);
    await userEvent.click(submit);
    await expect(await canvas.findByRole('heading', { name: 'My clients' })).toBeVisible();
  },
};

/**
 * A wrong code (or password) with the code: the alert 'Wrong email, password or code' (the
 * server does not say which), the notice and the Code field stay, and Sign in is disabled until a
 * field changes.
 */
export const WrongSignInCode: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ signInCodeRequired: true }));
  },
  play: async ({ canvasElement }) => {
    const { canvas, submit } = await signInWith(canvasElement, demoCoachCredentials);
    const code = await canvas.findByLabelText('Code');
    await userEvent.type(code, '654321');
    await userEvent.click(submit);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Wrong email, password or code',
    );
    await expect(canvas.getByText(codeNotice)).toBeVisible();
    await expect(code).toHaveValue('654321');
    await expect(submit).toBeDisabled();
  },
};

/**
 * While the sign-in request runs (it never answers here): the button shows its spinner and is
 * disabled.
 */
export const Submitting: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/auth/login', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const { submit } = await signInWith(canvasElement, demoCoachCredentials);
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAttribute('data-loading');
  },
};

/**
 * The whole signed-out app: a successful sign-in (the email typed with spaces around it, which are
 * trimmed) opens the clients list.
 */
export const SignedInGoesToClients: Story = {
  render: renderApp,
  play: async ({ canvasElement }) => {
    const { canvas } = await signInWith(canvasElement, {
      ...demoCoachCredentials,
      email: `  ${demoCoachCredentials.email}  `,
    });
    await expect(await canvas.findByRole('heading', { name: 'My clients' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /^My clients/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};
