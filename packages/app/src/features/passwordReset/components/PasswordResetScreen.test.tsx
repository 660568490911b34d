import { createHandlers, demoCoachCredentials, demoResetCode } from '@coach/api/msw';
import { ToastContainer } from '@coach/ui';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, mockBackend, testBaseUrls } from '../../../../test/mockApi.ts';
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx';
import { authStatusAtom } from '../../../core/session/index.ts';
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

// Step 1's trimmed email (PasswordReset: CodeStep), a throttled code request or new code
// (RequestTooManyAttempts, ResendTooManyAttempts) and ?next= kept on 'Back to sign in' and opened
// after the reset (ReturnsToTheLinkedPage) are the stories'; here, what needs the request bodies,
// the tokens or the address.
describe('password reset, too many attempts', () => {
  // The text and Next disabled are the story's (PasswordReset: CodeTooManyAttempts); here, the
  // edit clearing it.
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
});

describe('password reset, step 2: code', () => {
  // 'Wrong code' under the field, which turns invalid, is the story's (PasswordReset: WrongCode);
  // here, Next held back until the code is edited, and the edit clearing the message.
  it("holds Next back after 'Wrong code' until the code is edited, which clears it", async () => {
    const { user, next, sendEmail } = renderReset({ resetCodeFails: true });
    const code = await sendEmail();
    await user.type(code, '654321');
    await user.click(next());
    expect(await screen.findByText('Wrong code')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.type(code, '{Backspace}1');
    expect(screen.queryByText('Wrong code')).not.toBeInTheDocument();
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
  // The rules and the mismatch on both fields are the stories' (PasswordReset: PasswordErrors,
  // PasswordsDoNotMatch); here, what their pictures cannot hold: an edit clears it from both.
  it('clears a mismatch from both fields when either is edited', async () => {
    const { user, next, verifyCode } = renderReset();
    await verifyCode();
    await user.type(screen.getByLabelText('New password'), 'NewPass123');
    await user.type(screen.getByLabelText('Confirm password'), 'NewPass124');
    await user.click(next());
    expect(await screen.findAllByText('Passwords do not match')).toHaveLength(2);
    await user.type(screen.getByLabelText('Confirm password'), '{Backspace}3');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(next()).toBeEnabled();
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
