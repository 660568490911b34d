import { createMemoryTokenStore } from '@coach/api';
import {
  coachPerson,
  createHandlers,
  createInviteHandlers,
  fixtureInviteTokens,
  fixtureTokens,
  mockNow,
} from '@coach/api/msw';
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStatus, authStatusAtom, currentProfileAtom } from '../core/session/index.ts';
import { createStore } from '../state/jotai.ts';
import { createTestApi, mockBackend, testBaseUrls } from '../test/mockApi.ts';
import { renderWithProviders } from '../test/renderWithProviders.tsx';
import { AppRoutes } from './AppRoutes.tsx';

// Screens load their data (Settings its profile) from the mocked services.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Where() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

function renderRoutes(status: AuthStatus, route: string) {
  const store = createStore();
  store.set(authStatusAtom, status);
  if (status === 'signedIn') store.set(currentProfileAtom, coachPerson);
  server.use(...createHandlers(mockBackend().options));
  const { api } = createTestApi(status === 'signedIn' ? fixtureTokens.coach : undefined);
  renderWithProviders(
    <>
      <AppRoutes />
      <Where />
    </>,
    { api, tokens: createMemoryTokenStore(), store, route },
  );
}

const location = () => screen.getByRole('status', { name: 'Location' });

/** How long a test waits for a lazily loaded screen's first render. */
const firstScreenWaitMs = 45_000;
describe('AppRoutes', () => {
  it('shows only a placeholder while the session initialises', () => {
    renderRoutes('initialising', '/clients');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/clients');
  });

  it('shows sign-in at / when signed out', async () => {
    renderRoutes('signedOut', '/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the password reset flow at /changePassword when signed out', async () => {
    renderRoutes('signedOut', '/changePassword');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/changePassword');
  });

  it('redirects /changePassword to /clients when signed in', async () => {
    renderRoutes('signedIn', '/changePassword');
    // The first signed-in test of the file loads the clients screen's chunk: on a busy machine
    // its first import takes longer than the default wait.
    expect(
      await screen.findByRole('heading', { name: 'My clients' }, { timeout: firstScreenWaitMs }),
    ).toBeInTheDocument();
    expect(location()).toHaveTextContent('/clients');
  }, 60_000);

  it('redirects any other path to / when signed out', async () => {
    renderRoutes('signedOut', '/clients/42');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('redirects / and unknown paths to /clients when signed in', async () => {
    renderRoutes('signedIn', '/nowhere');
    expect(
      await screen.findByRole('heading', { name: 'My clients' }, { timeout: firstScreenWaitMs }),
    ).toBeInTheDocument();
    expect(location()).toHaveTextContent('/clients');
  }, 60_000);

  it('shows the invite page at /invite when signed out, without redirecting', async () => {
    renderRoutes('signedOut', `/invite?token=${fixtureInviteTokens.valid}`);
    // The seeded invite is live at the fixtures' clock (added before the lazy screen's first call).
    server.use(...createInviteHandlers({ baseURLs: testBaseUrls, now: () => mockNow }));
    expect(await screen.findByRole('heading', { name: 'Join Coach' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toHaveValue('sam.taylor@example.com');
    expect(location()).toHaveTextContent(/^\/invite$/);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows the invite page at /invite when signed in, in the auth layout', async () => {
    renderRoutes('signedIn', '/invite');
    expect(
      await screen.findByRole('heading', { name: 'This invite link is incomplete' }),
    ).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/invite$/);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('highlights the active menu item', async () => {
    renderRoutes('signedIn', '/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent('Settings');
    expect(screen.getByRole('link', { name: 'Coach' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
