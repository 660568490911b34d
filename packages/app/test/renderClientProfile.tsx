import { createHandlers, fixtureTokens, mockClientIds, mockNow } from '@coach/api/msw';
import { ToastContainer } from '@coach/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SetupServer, setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { createTestApi, mockBackend } from './mockApi.ts';
import { renderWithProviders } from './renderWithProviders.tsx';

/**
 * The MSW server of a test file about the profile: listening throughout, failing on a frame
 * nobody answers; in each test the Date stands at the mocks' clock, and the handlers and the
 * listeners a test added go after it.
 */
export function setupProfileServer(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: mockNow }));
  afterEach(() => {
    vi.useRealTimers();
    server.resetHandlers();
    server.events.removeAllListeners();
  });
  afterAll(() => server.close());
  return server;
}

/** Every call made through `server` from now on, as 'METHOD path?query'. */
export function recordCalls(server: SetupServer) {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return calls;
}

export type RenderClientProfileOptions = {
  /** The profile screen (the feature's, which this folder does not import past its index). */
  profileScreen: ReactNode;
  clientId?: string;
  /** What follows the client's id in the address: a group ('/activity'), a query ('?queue=1'). */
  at?: string;
  /** The mocks' options (report count, failures...). */
  backend?: Parameters<typeof mockBackend>[0];
};

/**
 * `profileScreen` at the profile of `clientId` (Jamie, the client with the fixture's reports, by default)
 * as the demo coach over the mocks, with a ToastContainer beside it and a stand-in for the
 * clients list it links back to.
 */
export function renderClientProfile(
  server: SetupServer,
  { profileScreen, clientId = mockClientIds.jamie, at = '', backend }: RenderClientProfileOptions,
) {
  server.use(...createHandlers(mockBackend(backend).options));
  const { api, tokens } = createTestApi(fixtureTokens.coach);
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/clients/:id/:group?" element={profileScreen} />
        <Route path="/clients" element={<h1>My clients list</h1>} />
      </Routes>
      <ToastContainer />
    </>,
    { api, tokens, route: `/clients/${clientId}${at}` },
  );
  return { user, ...view };
}

/** A section of the profile (a named region) once it has stopped loading. */
export async function loadedRegion(name: string, options?: { timeout: number }) {
  const found = await screen.findByRole('region', { name }, options);
  await waitFor(() => expect(found).not.toHaveAttribute('aria-busy'));
  return within(found);
}
