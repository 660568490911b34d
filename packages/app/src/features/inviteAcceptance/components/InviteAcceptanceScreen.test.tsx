import { createHandlers, fixtureInviteTokens, fixtureTokens, mockNow } from '@coach/api/msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, mockBackend, testBaseUrls } from '../../../../test/mockApi.ts';
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx';
import { authStatusAtom } from '../../../core/session/index.ts';
import { InviteAcceptanceScreen } from './InviteAcceptanceScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

type Options = Parameters<typeof mockBackend>[0] & {
  /** The tokens stored when the page opens (a coach signed in on this browser). */
  signedIn?: boolean;
};

/** The invite page at `route`, over the mocks at the fixtures' clock. */
function renderInvite(route: string, { signedIn = false, ...options }: Options = {}) {
  const backend = mockBackend({ now: () => mockNow, ...options });
  server.use(...createHandlers(backend.options));
  const { api, tokens } = createTestApi(signedIn ? fixtureTokens.coach : undefined);
  const { store } = renderWithProviders(
    <Routes>
      <Route path="/invite" element={<InviteAcceptanceScreen />} />
    </Routes>,
    { api, tokens, route },
  );
  return { user: userEvent.setup({ delay: null }), state: backend.state, tokens, store };
}

const validRoute = `/invite?token=${fixtureInviteTokens.valid}`;
const submit = () => screen.getByRole('button', { name: 'Create account' });

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('First name'), 'Sam');
  await user.type(screen.getByLabelText('Last name'), 'Taylor');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.type(screen.getByLabelText('Confirm password'), 'Secret123');
  await user.clear(screen.getByLabelText('Timezone'));
  await user.type(screen.getByLabelText('Timezone'), 'europe/paris');
}

// What the page shows while it checks, for a valid invite, for each link that cannot be used, for a
// failed check and its retry, for an invite used up before the submit, the form's checks, the
// account made and a failed acceptance is the stories' (InviteAcceptance: Checking, Valid, Expired,
// Withdrawn, Used, Invalid, NoToken, CheckRetried, UsedOnSubmit, ValidationErrors,
// PasswordsDoNotMatch, Success, SubmitFailed); here, what the server stores, the sessions, nothing
// sent on a refused form, the entries sent again after a failure, and the token kept out of the
// console.
// Generous: typing a whole form is slow on a loaded machine; the limit only catches a hang.
describe('the invite page', { timeout: 20_000 }, () => {
  it('stores the account and starts no coach session', async () => {
    const { user, state, tokens, store } = renderInvite(validRoute);
    await fillForm(user);
    await user.click(submit());
    await screen.findByRole('heading', { name: 'Your account is ready' });
    const person = state.persons.find((candidate) => candidate.firstName === 'Sam');
    expect(person).toMatchObject({ lastName: 'Taylor', type: 'user', timezone: 'Europe/Paris' });
    // Nothing stored, no session here, and the session the acceptance opened is ended.
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
    expect(store.get(authStatusAtom)).not.toBe('signedIn');
    await vi.waitFor(() => {
      const sessions = [...state.refreshTokens.values()].filter((id) => id === person?.userId);
      expect(sessions).toEqual([]);
    });
  });

  it("leaves a coach signed in on this browser signed in, with the coach's tokens", async () => {
    const { user, state, tokens } = renderInvite(validRoute, { signedIn: true });
    await fillForm(user);
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    expect(tokens.getAccessToken()).toBe(fixtureTokens.coach.accessToken);
    expect(state.accessTokens.has(fixtureTokens.coach.accessToken)).toBe(true);
  });

  it('refuses names that are not on one line with the profile texts, and sends nothing', async () => {
    const { user, state } = renderInvite(validRoute);
    await fillForm(user);
    await user.clear(screen.getByLabelText('First name'));
    await user.click(screen.getByLabelText('First name'));
    await user.paste('Sam\u2028URGENT');
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByLabelText('Last name'));
    await user.paste('Taylor\u0085x');
    await user.click(submit());
    expect(await screen.findByText('First name must be on one line')).toBeInTheDocument();
    expect(screen.getByText('Last name must be on one line')).toBeInTheDocument();
    expect(state.invites.find((invite) => invite.token === fixtureInviteTokens.valid)?.status).toBe(
      'pending',
    );
  });

  it('sends the kept entries again after a failed acceptance', async () => {
    const { user } = renderInvite(validRoute);
    server.use(
      http.post(
        `${testBaseUrls.auth}/invites/accept`,
        () => HttpResponse.json({ error: 'internal_error', message: 'x' }, { status: 500 }),
        { once: true },
      ),
    );
    await fillForm(user);
    await user.click(submit());
    await screen.findByRole('alert');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  });

  it('never writes the token to the console', async () => {
    const calls: unknown[][] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        calls.push(args);
      });
    }
    const { user } = renderInvite(validRoute, { inviteAcceptFails: true });
    await fillForm(user);
    await user.click(submit());
    await screen.findByRole('alert');
    expect(JSON.stringify(calls.map((args) => args.map(String)))).not.toContain(
      fixtureInviteTokens.valid,
    );
  });
});
