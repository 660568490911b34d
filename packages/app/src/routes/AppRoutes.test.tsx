import {
  createInviteHandlers,
  fixtureInviteTokens,
  fixtureSecurityLinkTokens,
  mockNow,
} from '@coach/api/msw';
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockBackend, testBaseUrls } from '../../test/mockApi.ts';
import { renderAppRoutes } from '../../test/renderAppRoutes.tsx';
import { type AuthStatus, authStatusAtom } from '../core/session/index.ts';

// Screens load their data (Settings its profile) from the mocked services.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Where() {
  const { pathname, search, hash } = useLocation();
  return (
    <>
      <output aria-label="Location">{pathname}</output>
      <output aria-label="Address">{`${pathname}${search}${hash}`}</output>
    </>
  );
}

function renderRoutes(status: AuthStatus, route: string) {
  const handlers = mockBackend().options;
  return renderAppRoutes({ server, status, route, handlers, beside: <Where /> });
}

const location = () => screen.getByRole('status', { name: 'Location' });
const address = () => screen.getByRole('status', { name: 'Address' });

/** How long a test waits for a lazily loaded screen's first render. */
const firstScreenWaitMs = 45_000;

// Sign-in at / and the password reset at /changePassword signed out, the invite page for a signed-in
// coach (no redirect, no menu) and the menu's active entry are the stories' (SignIn:
// SignedInGoesToClients; PasswordReset: Success; InviteAcceptance: SignedInCoach; Signed in layout:
// SettingsActive, MyClientsActive), and so are '/' and unknown paths signed in (Signed in layout:
// UnknownPathRedirects), the logo keeping ?next= (Signed out layout: RedirectsToSignIn) and a
// security link signed out, signed in or expired (Security link: Success, SuccessSignedIn,
// Expired). A link kept across sign-in, off-app ?next= refused, and the page kept when a refresh
// fails are the end-to-end tests' (session, refresh). Here, the addresses the routes lead to and
// what they keep where neither can see them.
describe('AppRoutes', () => {
  it('shows only a placeholder while the session initialises', () => {
    renderRoutes('initialising', '/clients');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/clients');
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
    renderRoutes('signedOut', '/nowhere?next=%2Fsettings');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/$/);
  });

  it('keeps a signed-in path, its query and hash, in ?next= on the way to sign-in', async () => {
    renderRoutes('signedOut', '/clients/42?tab=exercises#week-3');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/\?next=%2Fclients%2F42%3Ftab%3Dexercises%23week-3$/);
  });

  it('shows the invite page at /invite when signed out, without redirecting', async () => {
    renderRoutes('signedOut', `/invite?token=${fixtureInviteTokens.valid}`);
    // The seeded invite is live at the fixtures' clock (added before the lazy screen's first call).
    server.use(...createInviteHandlers({ baseURLs: testBaseUrls, now: () => mockNow }));
    expect(await screen.findByRole('heading', { name: 'Join Coach' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toHaveValue('sam.taylor@example.com');
    expect(location()).toHaveTextContent(/^\/invite$/);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('takes a security link at /secure for a coach who must enrol, ends the session here and opens the reset at its code step', async () => {
    const { store } = renderRoutes('mustEnrol', `/secure?token=${fixtureSecurityLinkTokens.valid}`);
    expect(
      await screen.findByText(
        'Every session of your account has ended. We have sent a code to coach@example.com to choose a new password.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveValue('');
    expect(location()).toHaveTextContent(/^\/changePassword$/);
    expect(store.get(authStatusAtom)).toBe('signedOut');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('returning after sign-in', () => {
  it('sends a signed-in coach from a sign-in page to the path it carries', async () => {
    renderRoutes('signedIn', '/changePassword?next=%2Fsettings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/settings$/);
  });

  it('forgets the page when the coach logs out', async () => {
    const { user } = renderRoutes('signedIn', '/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/$/);
  });
});
