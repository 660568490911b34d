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
import { detectTimeZone } from '../timeZones.ts';
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

// Generous: typing a whole form is slow on a loaded machine; the limit only catches a hang.
describe('the invite page', { timeout: 20_000 }, () => {
  it('checks the link, then shows the invited email, the coach and the detected timezone', async () => {
    renderInvite(validRoute);
    expect(screen.getByRole('status', { name: 'Checking your invite' })).toBeInTheDocument();
    expect(await screen.findByLabelText('First name')).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Join Coach' })).toBeInTheDocument();
    expect(
      screen.getByText('Alex Morgan invited you to Coach. Create your account to get started.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('sam.taylor@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Timezone')).toHaveValue(detectTimeZone() ?? '');
  });

  it('creates the account, says it is ready and starts no coach session', async () => {
    const { user, state, tokens, store } = renderInvite(validRoute);
    await fillForm(user);
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toHaveFocus();
    expect(screen.getByText('You can now sign in as sam.taylor@example.com.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Sign in from the client app on your phone. This web app is for coaches only.',
      ),
    ).toBeInTheDocument();
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

  it('validates on submit with the texts of the profile and the reset, and sends nothing', async () => {
    const { user, state } = renderInvite(validRoute);
    await screen.findByLabelText('First name');
    await user.clear(screen.getByLabelText('Timezone'));
    await user.type(screen.getByLabelText('Timezone'), '+01:00');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret124');
    await user.click(submit());
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getAllByText('Passwords do not match')).toHaveLength(2);
    expect(
      screen.getByText('Choose a timezone from the list, such as Europe/Paris'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(state.invites.find((invite) => invite.token === fixtureInviteTokens.valid)?.status).toBe(
      'pending',
    );
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

  it.each([
    [fixtureInviteTokens.expired, 'This invite has expired'],
    [fixtureInviteTokens.withdrawn, 'This invite has expired'],
    [fixtureInviteTokens.used, 'This invite has already been used'],
    ['not-a-token', 'This invite link is not valid'],
  ])('tells that the link %s can not be used and to ask the coach', async (token, title) => {
    renderInvite(`/invite?token=${token}`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText('Ask your coach to send you a new invite.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('tells that a link without a token is incomplete', () => {
    renderInvite('/invite');
    expect(
      screen.getByRole('heading', { name: 'This invite link is incomplete' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the check fails, and checks again', async () => {
    const { user } = renderInvite(validRoute);
    server.use(
      http.post(
        `${testBaseUrls.auth}/invites/check`,
        () => HttpResponse.json({ error: 'internal_error', message: 'x' }, { status: 500 }),
        { once: true },
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error processing invite');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
  });

  it('keeps the entries when the acceptance fails, and sends them again', async () => {
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account could not be created. Please try again.',
    );
    expect(screen.getByLabelText('First name')).toHaveValue('Sam');
    expect(screen.getByLabelText('Password')).toHaveValue('Secret123');
    expect(screen.getByLabelText('Timezone')).toHaveValue('europe/paris');
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  });

  it('tells that the invite was used when it is used up before the submit', async () => {
    const { user, state } = renderInvite(validRoute);
    await fillForm(user);
    const invite = state.invites.find((candidate) => candidate.token === fixtureInviteTokens.valid);
    if (invite) invite.status = 'accepted';
    await user.click(submit());
    expect(
      await screen.findByRole('heading', { name: 'This invite has already been used' }),
    ).toHaveFocus();
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
