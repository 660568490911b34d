import { clientWrites, createLiveEventsMock, mockClientIds } from '@coach/api/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockBackend, testBaseUrls } from '../../test/mockApi.ts';
import { renderAppRoutes } from '../../test/renderAppRoutes.tsx';

// The unread client messages over the mocks: a client's new message read again through the live
// stream without the figures. The list's badges and the menu's total are the story's (Clients:
// UnreadMessages).
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A lazily loaded screen's first render on a busy machine. */
const firstScreenWaitMs = 45_000;
const listPath = new URL(`${testBaseUrls.analytics}/clients`).pathname;
const unreadPath = new URL(`${testBaseUrls.messaging}/unread`).pathname;

function renderClients() {
  const backend = mockBackend();
  const live = createLiveEventsMock(backend.options);
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(new URL(request.url).pathname);
  });
  renderAppRoutes({
    server,
    status: 'signedIn',
    route: '/clients',
    handlers: { ...backend.options, liveEvents: live },
  });
  const count = (path: string) => requests.filter((pathname) => pathname === path).length;
  return { live, state: backend.state, count };
}

const dataRows = () => [...document.querySelectorAll<HTMLElement>('tbody tr[data-kind="data"]')];
const rowOf = (name: string) => {
  const row = dataRows().find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe('unread messages', () => {
  it("reads the list (which carries the counts) and the total again once on a client's new message", async () => {
    const { state, count, live } = renderClients();
    await waitFor(
      () =>
        expect(screen.getByRole('link', { name: /My clients/ })).toHaveAccessibleName(
          'My clients 3 unread messages',
        ),
      { timeout: firstScreenWaitMs },
    );
    // The client writes once the app listens (the signed-in layout opens the stream after its
    // first render; alone in its file, this test no longer follows one that waited for it).
    await waitFor(() => expect(live.openStreams()).toBe(1));
    const listCalls = count(listPath);
    const unreadCalls = count(unreadPath);
    clientWrites(state, mockClientIds.jamie, 'Are you there?');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /My clients/ })).toHaveAccessibleName(
        'My clients 4 unread messages',
      ),
    );
    await waitFor(() =>
      expect(within(rowOf('Jamie Lee')).getAllByText('3 unread messages').length).toBeGreaterThan(
        0,
      ),
    );
    expect(count(unreadPath)).toBe(unreadCalls + 1);
    expect(count(listPath)).toBe(listCalls + 1);
  });
});
