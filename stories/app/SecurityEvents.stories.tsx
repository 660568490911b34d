import {
  createHandlers,
  createMockState,
  fixtureSecurityEvents,
  fixtureTokens,
  type HandlersOptions,
  type MockSecurityEventsSeed,
  seedSecurityEvents,
} from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SecurityEventsSection } from '../../packages/app/src/features/settings/index.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectSpanishPage } from './expectSpanish.ts';
import { expectToast } from './expectToast.ts';
import { withCoachApi } from './withCoachApi.tsx';

/**
 * 'Recent security activity' in Settings (issue 64), under the sign-in methods: the account's
 * sign-ins (how each was made, from which browser, when; this session marked) and the changes to
 * how it signs in, newest first, over the mocks; 'Sign out of all other sessions' ends every
 * session but this one and says how many it ended.
 */
const meta = {
  title: 'App/Settings/Security events',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-settings-securityevents',
  component: SecurityEventsSection,
  decorators: [withCoachApi],
  parameters: {
    docs: { story: ownFrame(900) },
    session: { tokens: fixtureTokens.coach },
    width: '44rem',
  },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta<typeof SecurityEventsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Handlers over a state where the demo coach has these events and other sessions. */
function coachWith(seed: MockSecurityEventsSeed, options: HandlersOptions = {}) {
  const state = createMockState();
  seedSecurityEvents(state, seed);
  return createHandlers({ ...options, state });
}

const list = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('list', { name: 'Recent security activity' });

const endButton = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'Sign out of all other sessions' });

/**
 * Every kind of event, newest first: this session's sign-in (password and an authenticator code)
 * marked, other browsers' sign-ins with a passkey, a mailed code or a recovery code, factors added
 * and removed, a changed password, ended sessions, wrong codes and a used 'it was not me' link;
 * two sessions open elsewhere.
 */
export const EveryKind: Story = {
  play: async ({ canvasElement }) => {
    const items = within(await list(canvasElement)).getAllByRole('listitem');
    await expect(items).toHaveLength(fixtureSecurityEvents.length);
    const first = within(items[0] as HTMLElement);
    await expect(first.getByText('Signed in with password and authenticator code')).toBeVisible();
    await expect(first.getByText('This session')).toBeVisible();
    // The browser, then the time (its own element), as the locale writes it.
    await expect(items[0]).toHaveTextContent(/Chrome on macOS · Nov 16, 2026, 9:10\sAM$/);
    const canvas = within(canvasElement);
    for (const sentence of [
      'Signed in with passkey',
      'Signed in with password and emailed code',
      'Signed in with password and recovery code',
      'Passkey added',
      'Passkey removed',
      'Authenticator app turned on',
      'Authenticator app turned off',
      'New recovery codes made',
      'Password changed',
      'Signed out',
      'Signed out of all other sessions',
      'Several wrong sign-in codes entered',
      'Every session ended from the link in a security email',
    ]) {
      await expect(canvas.getByText(sentence)).toBeVisible();
    }
    await expect(canvas.getAllByText('This session')).toHaveLength(1);
    await expect(canvas.getAllByText(/^Unknown browser ·/)).toHaveLength(2);
    await expect(endButton(canvasElement)).toBeEnabled();
    await expect(endButton(canvasElement)).toHaveAccessibleDescription(
      'You are also signed in on 2 other sessions.',
    );
  },
};

/**
 * A new account: no events yet, and no session elsewhere, so the button is disabled and says why
 * (its description).
 */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...coachWith({ events: [], otherSessions: 0 }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No security events yet.')).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
    await expect(endButton(canvasElement)).toBeDisabled();
    await expect(endButton(canvasElement)).toHaveAccessibleDescription(
      'You are not signed in anywhere else.',
    );
  },
};

/** While the events load (the request never answers): the heading over a busy placeholder. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ delays: { listSecurityEvents: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { name: 'Recent security activity', level: 2 }),
    ).toBeVisible();
    await expect(await canvas.findByRole('status', { name: 'Loading' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
  },
};

/** The events could not be read: the failure in words and 'Try again'. */
export const LoadError: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          listSecurityEvents: {
            status: 500,
            error: 'internal_error',
            message: 'Something went wrong',
          },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Recent security activity could not be loaded',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/**
 * 'Sign out of all other sessions' pressed, the server not answered yet: the button busy (its
 * spinner beside the label) and disabled, the list kept.
 */
export const EndingSessions: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ delays: { endOtherSessions: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    await list(canvasElement);
    await userEvent.click(endButton(canvasElement));
    await waitFor(() => expect(endButton(canvasElement)).toBeDisabled());
    await expect(endButton(canvasElement)).toHaveAttribute('aria-busy', 'true');
    await expect(await list(canvasElement)).toBeVisible();
  },
};

/**
 * The other sessions ended: the toast says how many, the list read again starts with it, and the
 * button is disabled now that none is left.
 */
export const Ended: Story = {
  play: async ({ canvasElement }) => {
    await list(canvasElement);
    await userEvent.click(endButton(canvasElement));
    await expectToast('2 other sessions signed out');
    await waitFor(() => expect(endButton(canvasElement)).toBeDisabled());
    await expect(endButton(canvasElement)).toHaveAccessibleDescription(
      'You are not signed in anywhere else.',
    );
    const items = within(await list(canvasElement)).getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('Signed out of all other sessions');
    await expect(items).toHaveLength(fixtureSecurityEvents.length + 1);
  },
};

/** Ending the other sessions failed on the server: it says so, the button still there to retry. */
export const EndFailed: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...createHandlers({
        failures: {
          endOtherSessions: {
            status: 500,
            error: 'internal_error',
            message: 'Something went wrong',
          },
        },
      }),
    );
  },
  play: async ({ canvasElement }) => {
    await list(canvasElement);
    await userEvent.click(endButton(canvasElement));
    await expectToast('The other sessions could not be signed out');
    await expect(endButton(canvasElement)).toBeEnabled();
  },
};

/**
 * In Spanish: the sentences, the proofs joined as Spanish joins them, Spanish dates and 'Esta
 * sesión'; the browser's name as the server gives it.
 */
export const Spanish: Story = {
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = within(
      await canvas.findByRole('list', { name: 'Actividad de seguridad reciente' }),
    ).getAllByRole('listitem');
    const first = within(items[0] as HTMLElement);
    await expect(
      first.getByText('Inicio de sesión con contraseña y código de la app de autenticación'),
    ).toBeVisible();
    await expect(first.getByText('Esta sesión')).toBeVisible();
    await expect(items[0]).toHaveTextContent(/Chrome on macOS · 16 nov 2026, 9:10$/);
    await expect(
      canvas.getByText('También tienes 2 sesiones abiertas en otros lugares.'),
    ).toBeVisible();
    await expectSpanishPage(
      'Cerrar todas las demás sesiones',
      'Llave de acceso añadida',
      'Navegador desconocido',
    );
  },
};
