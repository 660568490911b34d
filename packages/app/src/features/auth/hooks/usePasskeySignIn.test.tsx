import { createHandlers, createMockAuthenticator, fixtureIds, seedPasskey } from '@coach/api/msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, mockBackend } from '../../../../test/mockApi.ts';
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx';
import { browserPasskeysAtom } from '../../../core/passkeys/index.ts';
import { createStore } from '../../../state/jotai.ts';
import { SignInForm } from '../components/SignInForm.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Gate = { promise: Promise<void>; open: () => void };
const gate = (): Gate => {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open: () => open() };
};

const domError = (name: string, message: string) => Object.assign(new Error(message), { name });

/**
 * The browser as @simplewebauthn/browser and Chromium run passkeys, over the mocks' authenticator:
 * one ceremony at a time, a new one aborting the one before (the library's WebAuthnAbortService),
 * an abort that settles a moment later, and a new request refused while the one before has not
 * ('A request is already pending'). The button's ceremony waits for `modalGate` when one is given.
 */
function createScriptedBrowser(modalGate?: Gate) {
  const authenticator = createMockAuthenticator({ autofill: 'offered' });
  const calls: string[] = [];
  let pending: { kind: string; abort: () => void; isSettled: boolean } | null = null;
  const passkeys = {
    isSupported: () => true,
    isAutofillSupported: async () => true,
    register: authenticator.register,
    authenticate({
      optionsJSON,
      useBrowserAutofill,
      signal,
    }: {
      optionsJSON: Record<string, unknown>;
      useBrowserAutofill?: boolean;
      signal?: AbortSignal;
    }) {
      const kind = useBrowserAutofill ? 'autofill' : 'button';
      if (signal?.aborted) return Promise.reject(domError('AbortError', 'aborted'));
      calls.push(kind);
      if (pending && !pending.isSettled) {
        const before = pending;
        before.abort();
        // The browser has not let go of the one before yet.
        if (!before.isSettled) {
          calls.push(`${kind} refused`);
          return Promise.reject(domError('NotAllowedError', 'A request is already pending.'));
        }
      }
      const ceremony: { kind: string; abort: () => void; isSettled: boolean } = {
        kind,
        abort: () => undefined,
        isSettled: false,
      };
      pending = ceremony;
      return new Promise<Record<string, unknown>>((resolve, reject) => {
        const abort = () => {
          calls.push(`${kind} aborted`);
          // The abort settles a moment later, as the browser's does.
          setTimeout(() => {
            ceremony.isSettled = true;
            reject(domError('AbortError', 'Cancelling existing WebAuthn API call for new one'));
          }, 5);
        };
        ceremony.abort = abort;
        signal?.addEventListener('abort', abort, { once: true });
        if (useBrowserAutofill) return; // The coach never picks in the autofill here.
        void (modalGate?.promise ?? Promise.resolve()).then(async () => {
          if (ceremony.isSettled) return;
          const answer = await authenticator.authenticate({ optionsJSON });
          ceremony.isSettled = true;
          calls.push('button answered');
          resolve(answer);
        });
      });
    },
  };
  return { passkeys, calls };
}

/** The sign-in form with a passkey of the demo coach, over the mocks. */
function renderSignIn(browser: ReturnType<typeof createScriptedBrowser>) {
  const backend = mockBackend();
  seedPasskey(backend.state, { userId: fixtureIds.coachUser });
  const optionsRequests: string[] = [];
  const heldOptions = gate();
  server.use(
    // The autofill's challenge (the first asked for) comes only when the test lets it.
    http.post('*/passkeys/sign-in/options', async () => {
      optionsRequests.push('options');
      if (optionsRequests.length === 1) await heldOptions.promise;
    }),
    ...createHandlers(backend.options),
  );
  const { api, tokens } = createTestApi();
  const store = createStore();
  store.set(browserPasskeysAtom, browser.passkeys);
  renderWithProviders(
    <Routes>
      <Route path="/" element={<SignInForm onSecondStep={() => undefined} />} />
      <Route path="/clients" element={<p>My clients</p>} />
    </Routes>,
    { api, tokens, store },
  );
  return {
    user: userEvent.setup({ delay: null }),
    optionsRequests,
    releaseAutofillOptions: heldOptions.open,
    passkeyButton: () => screen.getByRole('button', { name: 'Sign in with a passkey' }),
  };
}

describe('usePasskeySignIn', () => {
  it("signs in with the button when the autofill's challenge comes while the button's ceremony waits: the autofill never asks the browser", async () => {
    const modalGate = gate();
    const browser = createScriptedBrowser(modalGate);
    const { user, optionsRequests, releaseAutofillOptions, passkeyButton } = renderSignIn(browser);
    await waitFor(() => expect(optionsRequests).toHaveLength(1));

    await user.click(passkeyButton());
    await waitFor(() => expect(browser.calls).toEqual(['button']));
    // The autofill's challenge arrives while the coach is at the browser's dialog.
    releaseAutofillOptions();
    await new Promise((resolve) => setTimeout(resolve, 50));
    modalGate.open();

    expect(await screen.findByText('My clients')).toBeInTheDocument();
    expect(browser.calls).toEqual(['button', 'button answered']);
  });

  it("starts the button's ceremony once the autofill's wait has ended, and signs in", async () => {
    const browser = createScriptedBrowser();
    const { user, optionsRequests, releaseAutofillOptions, passkeyButton } = renderSignIn(browser);
    releaseAutofillOptions();
    await waitFor(() => expect(browser.calls).toEqual(['autofill']));

    await user.click(passkeyButton());

    expect(await screen.findByText('My clients')).toBeInTheDocument();
    expect(browser.calls).toEqual(['autofill', 'autofill aborted', 'button', 'button answered']);
    expect(optionsRequests).toHaveLength(2);
  });

  it('asks the browser for the autofill no more once the screen is gone', async () => {
    const browser = createScriptedBrowser();
    const { user, releaseAutofillOptions, passkeyButton } = renderSignIn(browser);
    await user.click(passkeyButton());
    expect(await screen.findByText('My clients')).toBeInTheDocument();

    releaseAutofillOptions();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(browser.calls).toEqual(['button', 'button answered']);
  });
});
