import {
  createHandlers,
  demoResetCode,
  fixtureSecurityLinkTokens,
  fixtureTokens,
} from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SecurityLinkScreen } from '../../packages/app/src/features/securityLink/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectSpanishPage } from './expectSpanish.ts';
import { renderApp } from './signedInScreen.tsx';
import { withCoachApi } from './withCoachApi.tsx';

const secureRoute = (token: string) => `/secure?token=${token}`;

const ended =
  'Every session of your account has ended. We have sent a code to coach@example.com to choose a new password.';

/**
 * A security notice's 'it was not me' link ('/secure?token=...', issue 64), in the whole app:
 * the server ends every session of the account and mails a reset code; the page forgets this
 * tab's session (signed in or not) and goes on to the password reset at its code step. The mocks'
 * fixture links are the demo coach's live one (it works once) and an expired one.
 */
const meta = {
  title: 'App/Screens/Security link',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-securitylink',
  component: SecurityLinkScreen,
  render: renderApp,
  decorators: [withCoachApi],
  parameters: {
    docs: { story: ownFrame() },
    layout: 'fullscreen',
    route: secureRoute(fixtureSecurityLinkTokens.valid),
  },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta<typeof SecurityLinkScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While the server ends the sessions (it never answers here): the title over a busy status. */
export const Working: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ delays: { useSecurityLink: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('status', { name: 'Ending every session of your account' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Securing your account' })).toBeVisible();
  },
};

/**
 * Signed out: every session ended, the reset opens at its code step ('Step 2 of 3') under the
 * notice, and the mailed code leads on to the new password.
 */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(ended)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await expect(canvas.getByText('Step 2 of 3')).toBeVisible();
    await expect(
      canvas.getByText('Enter the 6-digit code sent to coach@example.com.'),
    ).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Code'), demoResetCode);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByLabelText('New password')).toBeVisible();
    await expect(canvas.getByText('Step 3 of 3')).toBeVisible();
  },
};

/** Signed in: the app's session ends here too, and the same reset opens, signed out. */
export const SuccessSignedIn: Story = {
  parameters: { session: { tokens: fixtureTokens.coach } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(ended)).toBeVisible();
    await expect(canvas.getByText('Step 2 of 3')).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/',
    );
  },
};

/** Expired or used already: it says so, and the way to sign in. */
export const Expired: Story = {
  parameters: { route: secureRoute(fixtureSecurityLinkTokens.expired) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'This link has expired or was used already' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        "If someone else may know your password, choose a new one with 'Forgot password?' on the sign-in page.",
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/');
  },
};

/** The server could not be reached: why, and 'Try again'. */
export const CheckFailed: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          useSecurityLink: { status: 503, error: 'service_unavailable', message: 'Unavailable' },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'The link could not be checked' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('The server could not be reached, please try again'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** In Spanish: the notice and the code step of the reset. */
export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        'Se han cerrado todas las sesiones de tu cuenta. Hemos enviado un código a coach@example.com para elegir una contraseña nueva.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText('Paso 2 de 3')).toBeVisible();
    await expectSpanishPage('Cambiar contraseña', 'Volver a iniciar sesión');
  },
};

/** In Spanish, an expired link. */
export const SpanishExpired: Story = {
  globals: { locale: 'es' },
  parameters: { route: secureRoute(fixtureSecurityLinkTokens.expired) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Este enlace ha caducado o ya se ha usado' }),
    ).toBeVisible();
    await expectSpanishPage('Ir a iniciar sesión');
  },
};
