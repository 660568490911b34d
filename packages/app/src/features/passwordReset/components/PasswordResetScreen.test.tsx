import {
  createHandlers,
  demoCoachCredentials,
  demoResetCode,
  fixtureIds,
  seedAuthenticator,
} from '@coach/api/msw';
import { ToastContainer } from '@coach/ui';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, mockBackend, testBaseUrls } from '../../../../test/mockApi.ts';
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx';
import { authStatusAtom, currentProfileAtom } from '../../../core/session/index.ts';
import { PasswordResetScreen } from './PasswordResetScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Where() {
  const { pathname, search } = useLocation();
  return <p>At {`${pathname}${search}`}</p>;
}

/** The auth service answering `path` with a 429 that asks to wait `seconds`. */
function rateLimited(path: string, seconds: number) {
  return http.post(`${testBaseUrls.auth}${path}`, () =>
    HttpResponse.json(
      { error: 'rate_limited', message: 'Too many attempts' },
      { status: 429, headers: { 'Retry-After': String(seconds) } },
    ),
  );
}

function renderReset(options: Parameters<typeof mockBackend>[0] = {}, route = '/changePassword') {
  const backend = mockBackend(options);
  server.use(...createHandlers(backend.options));
  const { api, tokens } = createTestApi();
  const user = userEvent.setup({ delay: null });
  const { store } = renderWithProviders(
    <>
      <Routes>
        <Route path="/changePassword" element={<PasswordResetScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
      <ToastContainer />
    </>,
    { api, tokens, route },
  );
  const next = () => screen.getByRole('button', { name: 'Next' });
  const sendEmail = async (email: string = demoCoachCredentials.email) => {
    await user.type(screen.getByLabelText('Email'), email);
    await user.click(next());
    return screen.findByLabelText('Code');
  };
  const verifyCode = async (email?: string) => {
    await sendEmail(email);
    await user.type(screen.getByLabelText('Code'), demoResetCode);
    await user.click(next());
    await screen.findByLabelText('New password');
  };
  const setNewPassword = async () => {
    await user.type(screen.getByLabelText('New password'), 'NewPass123');
    await user.type(screen.getByLabelText('Confirm password'), 'NewPass123');
    await user.click(next());
  };
  return { user, tokens, store, state: backend.state, next, sendEmail, verifyCode, setNewPassword };
}

describe('password reset, step 1: email', () => {
  it('validates on submit only and clears the error on edit', async () => {
    const { user, next } = renderReset();
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/');
    await user.click(next());
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(next()).toBeDisabled();

    await user.type(screen.getByLabelText('Email'), 'coach.example.com');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Incorrect email format')).not.toBeInTheDocument();
    await user.click(next());
    expect(await screen.findByText('Incorrect email format')).toBeInTheDocument();
  });

  it('sends the code to the trimmed email and asks for the code', async () => {
    const { state, sendEmail } = renderReset();
    await sendEmail('  coach@example.com  ');
    expect(
      screen.getByText('Enter the 6-digit code sent to coach@example.com.'),
    ).toBeInTheDocument();
    expect(state.resetCodes.get('coach@example.com')).toBe(demoResetCode);
  });

  it("shows 'Change password request failed' when the request fails", async () => {
    const { user, next } = renderReset({ resetRequestFails: true });
    await user.type(screen.getByLabelText('Email'), demoCoachCredentials.email);
    await user.click(next());
    expect(await screen.findByText('Change password request failed')).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });
});

describe('password reset, too many attempts', () => {
  it('says when to try again when the code request is throttled', async () => {
    const { user, next } = renderReset();
    server.use(rateLimited('/passwordReset/request', 45));
    await user.type(screen.getByLabelText('Email'), demoCoachCredentials.email);
    await user.click(next());
    expect(
      await screen.findByText('Too many attempts. Try again in 45 seconds.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Change password request failed')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('says when to try again when code checks are throttled, until the code is edited', async () => {
    const { user, next, sendEmail } = renderReset();
    const code = await sendEmail();
    server.use(rateLimited('/passwordReset/verifyCode', 900));
    await user.type(code, demoResetCode);
    await user.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 15 minutes.',
    );
    expect(screen.queryByText('Wrong code')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.type(code, '{Backspace}1');
    expect(screen.queryByText(/Too many attempts/)).not.toBeInTheDocument();
    expect(next()).toBeEnabled();
  });

  it('says when to try again when a new code is throttled', async () => {
    const { user, sendEmail } = renderReset();
    await sendEmail();
    server.use(rateLimited('/passwordReset/request', 75));
    await user.click(screen.getByRole('button', { name: 'send me a new code' }));
    expect(
      await screen.findByText('Too many attempts. Try again in 2 minutes.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Resend code failed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'send me a new code' })).toBeInTheDocument();
  });
});

describe('password reset, step 2: code', () => {
  it('checks the code on submit: required, 6 characters, digits only', async () => {
    const { user, next, sendEmail } = renderReset();
    const code = await sendEmail();
    await user.click(next());
    expect(await screen.findByText('Code is required')).toBeInTheDocument();
    await user.type(code, '123');
    await user.click(next());
    expect(await screen.findByText('Code must be 6 characters long')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '12ab56');
    await user.click(next());
    expect(await screen.findByText('Code must contain only digits')).toBeInTheDocument();
  });

  it("shows 'Wrong code' under the field when verification fails", async () => {
    const { user, next, sendEmail } = renderReset({ resetCodeFails: true });
    const code = await sendEmail();
    await user.type(code, '654321');
    await user.click(next());
    expect(await screen.findByText('Wrong code')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(next()).toBeDisabled();
    await user.type(code, '{Backspace}1');
    expect(screen.queryByText('Wrong code')).not.toBeInTheDocument();
  });

  it("replaces 'send me a new code' by the countdown after a resend", async () => {
    const { user, sendEmail } = renderReset();
    await sendEmail();
    await user.click(screen.getByRole('button', { name: 'send me a new code' }));
    expect(await screen.findByText(/^resend code in (1:00|0:59)$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'send me a new code' })).not.toBeInTheDocument();
  });

  it("shows 'Resend code failed' when a new code cannot be sent", async () => {
    const { user, sendEmail } = renderReset();
    await sendEmail();
    server.use(...createHandlers({ resetRequestFails: true }));
    await user.click(screen.getByRole('button', { name: 'send me a new code' }));
    expect(await screen.findByText('Resend code failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'send me a new code' })).toBeInTheDocument();
  });
});

describe("password reset, the code request's id", () => {
  afterEach(() => server.events.removeAllListeners());

  /** The JSON bodies sent to the auth service, by path. */
  function recordBodies() {
    const bodies: { path: string; body: unknown }[] = [];
    server.events.on('request:start', async ({ request }) => {
      const path = new URL(request.url).pathname.replace(new URL(testBaseUrls.auth).pathname, '');
      if (request.method === 'POST') bodies.push({ path, body: await request.clone().json() });
    });
    const of = (path: string) => bodies.filter((sent) => sent.path === path).map((s) => s.body);
    return of;
  }

  it("sends the latest request's id with the code check and the new password", async () => {
    const { user, next, sendEmail, setNewPassword, state } = renderReset();
    const bodiesOf = recordBodies();
    const code = await sendEmail();
    const [first] = state.resetRequests.keys();
    // A new code is a new request: only its id goes with the code from now on.
    await user.click(screen.getByRole('button', { name: 'send me a new code' }));
    await screen.findByText(/^resend code in/);
    const latest = [...state.resetRequests.keys()].at(-1);
    expect(latest).not.toBe(first);
    await user.type(code, demoResetCode);
    await user.click(next());
    await screen.findByLabelText('New password');
    await setNewPassword();
    expect(await screen.findByText('At /clients')).toBeInTheDocument();
    const email = demoCoachCredentials.email;
    expect(bodiesOf('/passwordReset/verifyCode')).toEqual([
      { email, resetPasswordCode: demoResetCode, resetRequestId: latest },
    ]);
    expect(bodiesOf('/passwordReset')).toEqual([
      { email, password: 'NewPass123', resetPasswordCode: demoResetCode, resetRequestId: latest },
    ]);
  });
});

describe('password reset, step 3: new password', () => {
  it('checks the new password and shows a mismatch on both fields', async () => {
    const { user, next, verifyCode } = renderReset();
    await verifyCode();
    await user.click(next());
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Password confirmation is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(next());
    expect(await screen.findByText('Password must be 8+ characters long')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'longbutweak');
    await user.click(next());
    expect(
      await screen.findByText('Requires numbers and different case letters'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'NewPass123');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'NewPass124');
    await user.click(next());
    expect(await screen.findAllByText('Passwords do not match')).toHaveLength(2);
    expect(next()).toBeDisabled();

    // Editing either field clears the mismatch from both.
    await user.type(screen.getByLabelText('Confirm password'), '{Backspace}3');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(next()).toBeEnabled();
  });

  it('sets the password, signs the coach in and opens /clients', async () => {
    const { verifyCode, setNewPassword, tokens, store, state } = renderReset();
    await verifyCode();
    await setNewPassword();
    expect(await screen.findByText('At /clients')).toBeInTheDocument();
    expect(await screen.findByText('Password successfully changed')).toBeInTheDocument();
    expect(tokens.getAccessToken()).toBeTruthy();
    expect(tokens.getRefreshToken()).toBeTruthy();
    expect(store.get(authStatusAtom)).toBe('signedIn');
    expect(store.get(currentProfileAtom)?.type).toBe('coach');
    expect(state.users.find((candidate) => candidate.email === 'coach@example.com')?.password).toBe(
      'NewPass123',
    );
  });

  it("ends on the second step for an account with a second factor, with one 'Back to sign in'", async () => {
    const { state, tokens, verifyCode, setNewPassword } = renderReset();
    seedAuthenticator(state, fixtureIds.coachUser);
    await verifyCode();
    await setNewPassword();
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeInTheDocument();
    expect(screen.getByLabelText('Code from your authenticator app')).toBeInTheDocument();
    expect(screen.getAllByText('Back to sign in')).toHaveLength(1);
    expect(tokens.getAccessToken()).toBeNull();
  });

  it("shows 'Password reset failed' when the reset fails", async () => {
    const { verifyCode, setNewPassword, tokens } = renderReset({
      failures: {
        resetPassword: { status: 500, error: 'internal_error', message: 'Something went wrong' },
      },
    });
    await verifyCode();
    await setNewPassword();
    expect(await screen.findByText('Password reset failed')).toBeInTheDocument();
    expect(tokens.getAccessToken()).toBeNull();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it("refuses a 'user' account after the reset and goes back to sign-in", async () => {
    const { verifyCode, setNewPassword, tokens, store } = renderReset();
    await verifyCode('client@example.com');
    await setNewPassword();
    expect(await screen.findByText('At /')).toBeInTheDocument();
    expect(tokens.getAccessToken()).toBeNull();
    expect(store.get(authStatusAtom)).toBe('signedOut');
    expect(screen.queryByText('Password successfully changed')).not.toBeInTheDocument();
  });
});

describe('password reset, with a page to return to (?next=)', () => {
  const route = '/changePassword?next=%2Fclients%2F42%3Ftab%3Dexercises';

  it("keeps it on 'Back to sign in'", () => {
    renderReset({}, route);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/?next=%2Fclients%2F42%3Ftab%3Dexercises',
    );
  });

  it('opens it once the reset has signed the coach in', async () => {
    const { verifyCode, setNewPassword } = renderReset({}, route);
    await verifyCode();
    await setNewPassword();
    expect(await screen.findByText('At /clients/42?tab=exercises')).toBeInTheDocument();
    expect(await screen.findByText('Password successfully changed')).toBeInTheDocument();
  });

  it('takes it back to sign-in when the session is refused', async () => {
    const { verifyCode, setNewPassword } = renderReset({}, route);
    await verifyCode('client@example.com');
    await setNewPassword();
    expect(
      await screen.findByText('At /?next=%2Fclients%2F42%3Ftab%3Dexercises'),
    ).toBeInTheDocument();
  });

  it('opens /clients instead when it leads off the app', async () => {
    const { verifyCode, setNewPassword } = renderReset(
      {},
      '/changePassword?next=https%3A%2F%2Fevil.example',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/');
    await verifyCode();
    await setNewPassword();
    expect(await screen.findByText('At /clients')).toBeInTheDocument();
  });
});
