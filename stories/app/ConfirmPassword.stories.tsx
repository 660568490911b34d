import { createHandlers, demoCoachCredentials, fixtureTokens } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SignInMethodsSection } from '../../packages/app/src/features/settings/index.ts';
import { animationsSettled } from '../ui/fixtures/openDialog.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectSpanishPage } from './expectSpanish.ts';
import { expectToast } from './expectToast.ts';
import { withCoachApi } from './withCoachApi.tsx';
import { withMockAuthenticator } from './withMockAuthenticator.tsx';

/**
 * 'Confirm it's you' with the password (issue 64): a coach without a second factor who signed in
 * more than 5 minutes ago adds a passkey or the authenticator app only after entering the password
 * again (403 `password_needed`, then `POST /session/password`); the change then runs again. Opened
 * here from 'Sign-in methods' over the mocks, whose password is the demo coach's.
 */
const meta = {
  title: 'App/Dialogs/Confirm password',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-dialogs-confirmpassword',
  component: SignInMethodsSection,
  decorators: [withMockAuthenticator, withCoachApi],
  parameters: {
    docs: { story: ownFrame(700) },
    session: { tokens: fixtureTokens.coach },
    width: '44rem',
    authenticator: { credentialIds: [] },
  },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta<typeof SignInMethodsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

// The dialog is portalled out of the story's root.
const page = () => within(document.body);

/**
 * Asks to set up the authenticator app: the password dialog opens in its place (answered once
 * its entrance is over and its heading visible).
 */
async function openDialog(canvasElement: HTMLElement, setUpLabel = 'Set up an authenticator app') {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: setUpLabel }));
  const dialog = within(await page().findByRole('dialog'));
  await waitFor(() => expect(dialog.getByRole('heading')).toBeVisible());
  return dialog;
}

/**
 * Open: 'Confirm it's you', what it is for, the Password field (hidden characters, with the
 * app's show/hide toggle) and 'Confirm'.
 */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(dialog.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await expect(
      dialog.getByText('Enter your password to change your sign-in methods.'),
    ).toBeVisible();
    const password = dialog.getByLabelText('Password');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(password, 'Secret');
    await userEvent.click(dialog.getByRole('button', { name: 'Show password' }));
    await expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(dialog.getByRole('button', { name: 'Hide password' }));
    await expect(password).toHaveAttribute('type', 'password');
    await userEvent.clear(password);
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await animationsSettled();
  },
};

/** 'Confirm' with nothing typed: 'Password is required' under the field. */
export const PasswordRequired: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(await dialog.findByText('Password is required')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await animationsSettled();
  },
};

/** A wrong password: 'Wrong password' under the field, the dialog stays; typing clears it. */
export const WrongPassword: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const password = dialog.getByLabelText('Password');
    await userEvent.type(password, 'Wrong123!');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(await dialog.findByText('Wrong password')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await expect(page().queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    await animationsSettled();
  },
};

/** Too many wrong passwords (429 with Retry-After): the app's throttled text above the field. */
export const Throttled: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/auth/session/password', () =>
        HttpResponse.json(
          { error: 'rate_limited', message: 'Too many requests, please try again later' },
          { status: 429, headers: { 'Retry-After': '900' } },
        ),
      ),
      ...createHandlers(),
    );
  },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await userEvent.type(dialog.getByLabelText('Password'), demoCoachCredentials.password);
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(
      await dialog.findByText('Too many attempts. Try again in 15 minutes.'),
    ).toBeVisible();
    await animationsSettled();
  },
};

/** The right password: the dialog closes and the change runs again (the app's QR code). */
export const Confirmed: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await userEvent.type(dialog.getByLabelText('Password'), demoCoachCredentials.password);
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    const enrolment = within(
      await page().findByRole('dialog', { name: 'Set up an authenticator app' }),
    );
    const qrCode = await enrolment.findByRole('img', {
      name: 'QR code for your authenticator app',
    });
    await waitFor(() => expect(qrCode).toBeVisible());
    await expect(
      page().queryByRole('dialog', { name: "Confirm it's you" }),
    ).not.toBeInTheDocument();
    await animationsSettled();
  },
};

/**
 * Adding a passkey: the password dialog over the name's, then the browser makes the passkey and
 * it is listed.
 */
export const ConfirmedAddsAPasskey: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a passkey' }));
    const nameDialog = within(await page().findByRole('dialog', { name: 'Add a passkey' }));
    await userEvent.type(nameDialog.getByLabelText('Name'), 'Work laptop');
    await userEvent.click(nameDialog.getByRole('button', { name: 'Create passkey' }));
    const dialog = within(await page().findByRole('dialog', { name: "Confirm it's you" }));
    // Over the name's dialog: typed into once its entrance is over.
    await waitFor(() => expect(dialog.getByRole('heading')).toBeVisible());
    await userEvent.type(dialog.getByLabelText('Password'), demoCoachCredentials.password);
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await expect(await canvas.findByText('Work laptop')).toBeVisible();
    await expectToast('Passkey added');
  },
};

/** In Spanish: the dialog's texts, and a wrong password under the field. */
export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement, 'Configurar una app de autenticación');
    await expect(dialog.getByRole('heading', { name: 'Confirma que eres tú' })).toBeVisible();
    await userEvent.type(dialog.getByLabelText('Contraseña'), 'Wrong123!');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirmar' }));
    await expect(await dialog.findByText('Contraseña incorrecta')).toBeVisible();
    await animationsSettled();
    await expectSpanishPage(
      'Escribe tu contraseña para cambiar tus métodos de inicio de sesión.',
      'Mostrar contraseña',
    );
  },
};
