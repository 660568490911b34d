import { tokenStorageKeys } from '@coach/api';
import { createHandlers, fixtureTokens } from '@coach/api/msw';
import { act, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, mockBackend } from '../../../../test/mockApi.ts';
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx';
import { createStore } from '../../../state/jotai.ts';
import { authStatusAtom } from '../atoms/authStatusAtom.ts';
import { clearSessionAtom } from '../atoms/clearSessionAtom.ts';
import { currentUserAtom } from '../atoms/currentUserAtom.ts';
import { SessionSyncEffect } from '../components/SessionSyncEffect.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function storageEvent(key: string | null, oldValue: string | null, newValue: string | null) {
  return new StorageEvent('storage', { key, oldValue, newValue });
}

describe('useSessionSync', () => {
  it('signs this tab out when another tab logs out', async () => {
    server.use(...createHandlers(mockBackend().options));
    const store = createStore();
    const { api, tokens } = createTestApi(fixtureTokens.coach, () => store.set(clearSessionAtom));
    renderWithProviders(<SessionSyncEffect />, { api, tokens, store });
    await waitFor(() => expect(store.get(authStatusAtom)).toBe('signedIn'));

    // The other tab's logout cleared the shared storage.
    tokens.clear();
    act(() => {
      window.dispatchEvent(
        storageEvent(tokenStorageKeys.accessToken, fixtureTokens.coach.accessToken, null),
      );
    });
    await waitFor(() => expect(store.get(authStatusAtom)).toBe('signedOut'));
    expect(store.get(currentUserAtom)).toBeNull();
  });

  it('signs this tab in when another tab signs in', async () => {
    server.use(...createHandlers(mockBackend().options));
    const store = createStore();
    const { api, tokens } = createTestApi({}, () => store.set(clearSessionAtom));
    renderWithProviders(<SessionSyncEffect />, { api, tokens, store });
    await waitFor(() => expect(store.get(authStatusAtom)).toBe('signedOut'));

    tokens.setTokens(fixtureTokens.coach);
    act(() => {
      window.dispatchEvent(
        storageEvent(tokenStorageKeys.accessToken, null, fixtureTokens.coach.accessToken),
      );
    });
    await waitFor(() => expect(store.get(authStatusAtom)).toBe('signedIn'));
  });

  it('ignores changes of other keys', async () => {
    server.use(...createHandlers(mockBackend().options));
    const store = createStore();
    const { api, tokens } = createTestApi({}, () => store.set(clearSessionAtom));
    renderWithProviders(<SessionSyncEffect />, { api, tokens, store });
    await waitFor(() => expect(store.get(authStatusAtom)).toBe('signedOut'));
    const sessionReads: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/session/current')) {
        sessionReads.push(request.url);
      }
    });
    tokens.setTokens(fixtureTokens.coach);
    act(() => {
      window.dispatchEvent(storageEvent('i18nextLng', null, 'en-US'));
    });
    // Then a change that does count: had the first event been taken, the session would be read
    // twice, the first read starting before this one.
    act(() => {
      window.dispatchEvent(
        storageEvent(tokenStorageKeys.accessToken, null, fixtureTokens.coach.accessToken),
      );
    });
    await waitFor(() => expect(store.get(authStatusAtom)).toBe('signedIn'));
    expect(sessionReads).toHaveLength(1);
    server.events.removeAllListeners();
  });
});
