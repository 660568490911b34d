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

function Where() {
  const { pathname, search } = useLocation();
  return <p>At {`${pathname}${search}`}</p>;
}

function renderSignIn(options: Parameters<typeof mockBackend>[0] = {}, route = '/') {
  const backend = mockBackend(options);
  server.use(...createHandlers(backend.options));
  const { api, tokens } = createTestApi();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <Routes>
      <Route path="/" element={<SignInForm onSecondStep={() => undefined} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { api, tokens, route },
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
  it('shows no error before the first submit, then both required messages', async () => {
    const { user, email, submit } = renderSignIn();
    await user.type(email(), 'x');
    await user.clear(email());
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();

    await user.click(submit());
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables submit while errors remain, and clears an error when its field is edited', async () => {
    const { user, email, password, submit } = renderSignIn();
    await user.click(submit());
    await screen.findByText('Email is required');
    expect(submit()).toBeDisabled();

    await user.type(email(), 'coach@');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    // Validation waits for the next submit: no format error while typing.
    expect(screen.queryByText('Incorrect email format')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.type(password(), 'secret');
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(await screen.findByText('Incorrect email format')).toBeInTheDocument();
  });

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
    const codeRequired =
      'If your email and password are right, we have emailed you a code: enter it to sign in';

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

    it('shows the notice and a focused code field, keeping email and password', async () => {
      const { code, email, password, submit, tokens, bodies } = await askForCode();
      expect(screen.getByText(codeRequired)).toBeVisible();
      expect(code).toHaveFocus();
      expect(code).toHaveAccessibleDescription(codeRequired);
      // Asked for, not refused: nothing to correct, so no alert and the button stays enabled.
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(submit()).toBeEnabled();
      expect(email()).toHaveValue('coach@example.com');
      expect(password()).toHaveValue('Coach123!');
      expect(tokens.getAccessToken()).toBeNull();
      expect(bodies).toEqual([{ email: 'coach@example.com', password: 'Coach123!' }]);
    });

    it('sends email, password and code together and signs in', async () => {
      const { user, code, submit, tokens, bodies } = await askForCode();
      await user.type(code, ` ${demoSignInCode} `);
      await user.click(submit());
      expect(await screen.findByText('At /clients')).toBeInTheDocument();
      expect(tokens.getAccessToken()).toBeTruthy();
      expect(bodies.at(-1)).toEqual({
        email: 'coach@example.com',
        password: 'Coach123!',
        code: demoSignInCode,
      });
    });

    it("shows 'Wrong email, password or code' for a wrong code, cleared by an edit", async () => {
      const { user, code, submit, tokens } = await askForCode();
      await user.type(code, '654321');
      await user.click(submit());
      expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email, password or code');
      expect(tokens.getAccessToken()).toBeNull();
      expect(submit()).toBeDisabled();
      // The field stays for another try.
      expect(screen.getByText(codeRequired)).toBeVisible();
      await user.clear(code);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await user.type(code, demoSignInCode);
      await user.click(submit());
      expect(await screen.findByText('At /clients')).toBeInTheDocument();
    });

    it.each([
      ['', 'Code is required'],
      ['123', 'Code must be 6 characters long'],
      ['12a456', 'Code must contain only digits'],
    ])('checks the code %j on submit: %s', async (typed, message) => {
      const { user, code, submit, bodies } = await askForCode();
      if (typed) await user.type(code, typed);
      await user.click(submit());
      expect(await screen.findByText(message)).toBeVisible();
      expect(code).toHaveAttribute('aria-invalid', 'true');
      expect(submit()).toBeDisabled();
      expect(bodies).toHaveLength(1);
    });
  });

  it('says that there were too many attempts and when to try again on a 429', async () => {
    const { user, email, password, submit, tokens } = renderSignIn();
    server.use(
      http.post(`${testBaseUrls.auth}/login`, () =>
        HttpResponse.json(
          { error: 'rate_limited', message: 'Too many sign-in attempts' },
          { status: 429, headers: { 'Retry-After': '120' } },
        ),
      ),
    );
    await user.type(email(), 'coach@example.com');
    await user.type(password(), 'Wrong123!');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 2 minutes.',
    );
    expect(screen.queryByText(/could not be reached/)).not.toBeInTheDocument();
    expect(tokens.getAccessToken()).toBeNull();
    await user.type(password(), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['the network fails', () => HttpResponse.error()],
    ['a proxy answers 503', () => new HttpResponse(null, { status: 503 })],
  ])(
    'says the server could not be reached when %s, keeps the input and signs in once it is back',
    async (_case, failure) => {
      const { user, email, password, submit } = renderSignIn();
      server.use(http.post(`${testBaseUrls.auth}/login`, failure, { once: true }));
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
    },
  );

  it('says sign-in failed, not that the server could not be reached, on a 500', async () => {
    const { user, email, password, submit } = renderSignIn();
    server.use(
      http.post(`${testBaseUrls.auth}/login`, () =>
        HttpResponse.json({ error: 'internal_error', message: 'Boom' }, { status: 500 }),
      ),
    );
    await user.type(email(), 'coach@example.com');
    await user.type(password(), 'Coach123!');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed, please try again');
    expect(screen.queryByText(/could not be reached/)).not.toBeInTheDocument();
  });

  it("refuses a 'user' account with 'Invalid user type. Only coaches allowed'", async () => {
    const { user, email, password, submit, tokens } = renderSignIn();
    await user.type(email(), 'client@example.com');
    await user.type(password(), 'Client123!');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid user type. Only coaches allowed',
    );
    expect(tokens.getAccessToken()).toBeNull();
    expect(tokens.getRefreshToken()).toBeNull();
  });

  it('trims the email, signs in and goes to /clients', async () => {
    const { user, email, password, submit, tokens } = renderSignIn();
    await user.type(email(), '  coach@example.com  ');
    await user.type(password(), 'Coach123!');
    await user.click(submit());
    expect(await screen.findByText('At /clients')).toBeInTheDocument();
    expect(tokens.getAccessToken()).toBeTruthy();
  });

  it('goes to the signed-in page that ?next= carries, with its query', async () => {
    const { user, email, password, submit } = renderSignIn(
      {},
      '/?next=%2Fsettings%3Fsection%3Dpassword',
    );
    await user.type(email(), 'coach@example.com');
    await user.type(password(), 'Coach123!');
    await user.click(submit());
    expect(await screen.findByText('At /settings?section=password')).toBeInTheDocument();
  });

  it('goes to /clients when ?next= leads off the app', async () => {
    const { user, email, password, submit } = renderSignIn({}, '/?next=%2F%5Cevil.example');
    await user.type(email(), 'coach@example.com');
    await user.type(password(), 'Coach123!');
    await user.click(submit());
    expect(await screen.findByText('At /clients')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user, password } = renderSignIn();
    expect(password()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  it("links 'Forgot password?' to /changePassword", () => {
    renderSignIn();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/changePassword',
    );
  });

  it("keeps ?next= on the 'Forgot password?' link", () => {
    renderSignIn({}, '/?next=%2Fclients%2F42');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/changePassword?next=%2Fclients%2F42',
    );
  });

  it("drops a ?next= that leads off the app from the 'Forgot password?' link", () => {
    renderSignIn({}, '/?next=%2F%2Fevil.example');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/changePassword',
    );
  });
});
