import { createHandlers, demoSignInCode } from '@coach/api/msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, mockBackend, testBaseUrls } from '../../../../test/mockApi.ts';
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx';
import { SignInForm } from './SignInForm.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// What a story shows is the stories' (SignIn: the code sent with email and password and trimmed,
// CodeRequired; the 429, TooManyAttempts; the 500, SignInFailed; show and hide, PasswordShown;
// ?next= kept on 'Forgot password?', ForgotPasswordKeepsReturnPath), and ?next= after sign-in, on
// the app or off it, the end-to-end tests' (session). Here, what needs the tokens, the request
// bodies or a server that comes back.

function Where() {
  const { pathname, search } = useLocation();
  return <p>At {`${pathname}${search}`}</p>;
}

function renderSignIn(options: Parameters<typeof mockBackend>[0] = {}) {
  const backend = mockBackend(options);
  server.use(...createHandlers(backend.options));
  const { api, tokens } = createTestApi();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <Routes>
      <Route path="/" element={<SignInForm onSecondStep={() => undefined} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { api, tokens, route: '/' },
  );
  return {
    user,
    tokens,
    email: () => screen.getByLabelText('Email'),
    password: () => screen.getByLabelText('Password'),
    submit: () => screen.getByRole('button', { name: 'Sign in' }),
  };
}

describe('SignInForm', () => {
  it("shows 'Wrong email or password' on failure, cleared by an edit", async () => {
    const { user, email, password, submit, tokens } = renderSignIn();
    await user.type(email(), 'coach@example.com');
    await user.type(password(), 'Wrong123!');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password');
    expect(tokens.getAccessToken()).toBeNull();
    expect(submit()).toBeDisabled();

    await user.type(password(), 'x');
    expect(screen.queryByText('Wrong email or password')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  describe('when the account asks for its mailed code', () => {
    /** Signs in with the demo coach's credentials, against mocks that ask for the code. */
    async function askForCode() {
      const form = renderSignIn({ signInCodeRequired: true });
      const bodies: unknown[] = [];
      server.events.on('request:start', async ({ request }) => {
        if (request.url.endsWith('/login')) bodies.push(await request.clone().json());
      });
      await form.user.type(form.email(), 'coach@example.com');
      await form.user.type(form.password(), 'Coach123!');
      await form.user.click(form.submit());
      const code = await screen.findByLabelText('Code');
      return { ...form, code, bodies };
    }

    afterEach(() => server.events.removeAllListeners());

    // The alert, the notice and the field kept, Sign in disabled, are the story's (SignIn:
    // WrongSignInCode); here, no session, the edit clearing the alert, and the right code signing in.
    it("signs in with the right code after 'Wrong email, password or code', cleared by an edit", async () => {
      const { user, code, submit, tokens } = await askForCode();
      await user.type(code, '654321');
      await user.click(submit());
      expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email, password or code');
      expect(tokens.getAccessToken()).toBeNull();
      await user.clear(code);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await user.type(code, demoSignInCode);
      await user.click(submit());
      expect(await screen.findByText('At /clients')).toBeInTheDocument();
    });

    it('checks the code on submit: required, 6 characters, digits only; sends nothing', async () => {
      const { user, code, submit, bodies } = await askForCode();
      const checks: [typed: string, message: string][] = [
        ['', 'Code is required'],
        ['123', 'Code must be 6 characters long'],
        ['12a456', 'Code must contain only digits'],
      ];
      for (const [typed, message] of checks) {
        await user.clear(code);
        if (typed) await user.type(code, typed);
        await user.click(submit());
        expect(await screen.findByText(message)).toBeVisible();
        expect(code).toHaveAttribute('aria-invalid', 'true');
        expect(submit()).toBeDisabled();
      }
      expect(bodies).toHaveLength(1);
    });
  });

  // The message and the kept input are the stories' (SignIn: ServerUnreachable,
  // ServiceUnavailable); here, the same sign-in sent again once the server is back.
  it('signs in with the kept input once the server is back after a 503', async () => {
    const { user, email, password, submit } = renderSignIn();
    server.use(
      http.post(`${testBaseUrls.auth}/login`, () => new HttpResponse(null, { status: 503 }), {
        once: true,
      }),
    );
    await user.type(email(), 'coach@example.com');
    await user.type(password(), 'Coach123!');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server could not be reached, please try again',
    );
    expect(email()).toHaveValue('coach@example.com');
    expect(password()).toHaveValue('Coach123!');
    // Nothing to correct: the same sign-in is sent again as it is.
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(await screen.findByText('At /clients')).toBeInTheDocument();
  });
});
