import { createLiveEventsMock, mockClientIds, mockNow } from '@coach/api/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockBackend, testBaseUrls } from '../../test/mockApi.ts';
import { renderAppRoutes } from '../../test/renderAppRoutes.tsx';
import type { AuthStatus } from '../core/session/index.ts';

// The live figures over the mocks: the whole routes (the signed-in layout opens the stream), a
// live event stream the test drives, and the mocks' data changed as a client's device would.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const hourMs = 3_600_000;
/** A lazily loaded screen's first render on a busy machine. */
const firstScreenWaitMs = 45_000;

function renderLive(status: AuthStatus, route: string) {
  const backend = mockBackend();
  const live = createLiveEventsMock(backend.options);
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(new URL(request.url).pathname);
  });
  const handlers = { ...backend.options, liveEvents: live };
  const { user } = renderAppRoutes({ server, status, route, handlers });
  const count = (path: string) => requests.filter((pathname) => pathname === path).length;
  return { live, state: backend.state, count, user };
}

/** Two hours of app use for Noah Kim (who has none), as his device would send them. */
function noahUsesTheApp(state: ReturnType<typeof mockBackend>['state']) {
  const noah = state.clients.find((client) => client.person.id === mockClientIds.noah);
  if (!noah) throw new Error('Noah Kim is not in the mocks');
  noah.usageSessions.push({
    startedAt: new Date(mockNow.getTime() - 3 * hourMs),
    endedAt: new Date(mockNow.getTime() - hourMs),
  });
}

const eventsPath = new URL(`${testBaseUrls.analytics}/events`).pathname;
const listPath = new URL(`${testBaseUrls.analytics}/clients`).pathname;
const profilePath = (clientId: string) =>
  new URL(`${testBaseUrls.analytics}/clients/${clientId}/profile`).pathname;
const dataRows = () => [...document.querySelectorAll<HTMLElement>('tbody tr[data-kind="data"]')];
const rowOf = (name: string) => {
  const row = dataRows().find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};
const cuesIn = (element: HTMLElement) => element.querySelectorAll('[data-live-cue]');
const announcement = () => screen.getByText(/^Updated: /);

// One stream per session, kept across screens and closed on logout, is the story's (Live figures:
// OneStreamPerSession).
describe('live figures', () => {
  it('opens no stream on the sign-in route', async () => {
    const { count } = renderLive('signedOut', '/');
    expect(
      await screen.findByRole('heading', { name: 'Sign in' }, { timeout: firstScreenWaitMs }),
    ).toBeInTheDocument();
    expect(count(eventsPath)).toBe(0);
  });

  // The list read again in place (the sort, the rows and the focus kept, the changed cell's cue, the
  // announcement) is the story's (Live figures: ClientsListUpdate); here, one call per message, no
  // cue on a client that did not change, and the cue going after a while.
  it("reads the list once per message, the cue only in the changed client's row, gone after a while", async () => {
    const { live, state, count } = renderLive('signedIn', '/clients');
    await waitFor(() => expect(dataRows()).toHaveLength(14), { timeout: firstScreenWaitMs });
    await waitFor(() => expect(live.openStreams()).toBe(1));
    const noah = rowOf('Noah Kim');
    const engagementBefore = noah.querySelectorAll('td')[2]?.textContent;
    const listCalls = count(listPath);

    noahUsesTheApp(state);
    act(() => {
      live.push({ event: 'clients-changed', data: { clientIds: [mockClientIds.noah] } });
    });
    await waitFor(() =>
      expect(rowOf('Noah Kim').querySelectorAll('td')[2]?.textContent).not.toBe(engagementBefore),
    );
    expect(count(listPath)).toBe(listCalls + 1);
    // The engagement cell shows the cue (set once the new figures are in); the row of a client that did not change shows none.
    await waitFor(() =>
      expect(cuesIn(noah.querySelectorAll('td')[2] as HTMLElement)).toHaveLength(1),
    );
    expect(cuesIn(rowOf('Jamie Lee'))).toHaveLength(0);
    // The cue goes after a while.
    await waitFor(() => expect(cuesIn(noah)).toHaveLength(0), { timeout: 5000 });
  });

  it('reads everything shown again on a refetch, with no cue where nothing changed', async () => {
    const { live, count } = renderLive('signedIn', '/clients');
    await waitFor(() => expect(dataRows()).toHaveLength(14), { timeout: firstScreenWaitMs });
    await waitFor(() => expect(live.openStreams()).toBe(1));
    const listCalls = count(listPath);
    act(() => {
      live.push({ event: 'refetch', data: { reason: 'connection' } });
    });
    await waitFor(() => expect(count(listPath)).toBe(listCalls + 1));
    expect(document.querySelectorAll('[data-live-cue]')).toHaveLength(0);
    expect(screen.queryByText(/^Updated: /)).toBeNull();
  });

  // The figure read again behind an open dialog, with its cue, is the story's (Live figures:
  // ProfileUpdate); here, that another client's change asks nothing of the profile, and the
  // announcement.
  it("reads the open profile again when its client changed, not for another client's change, and says so", async () => {
    const { live, state, count } = renderLive('signedIn', `/clients/${mockClientIds.noah}`);
    const engagement = await screen.findByRole(
      'region',
      { name: 'Engagement (48h)' },
      { timeout: firstScreenWaitMs },
    );
    await waitFor(() =>
      expect(within(engagement).getByText(/in the last 24 h/)).toBeInTheDocument(),
    );
    await waitFor(() => expect(live.openStreams()).toBe(1));
    const before = engagement.textContent;

    const profileCalls = count(profilePath(mockClientIds.noah));
    act(() => {
      live.push({ event: 'clients-changed', data: { clientIds: [mockClientIds.jamie] } });
    });
    act(() => {
      noahUsesTheApp(state);
      live.push({ event: 'clients-changed', data: { clientIds: [mockClientIds.noah] } });
    });
    await waitFor(() => expect(engagement.textContent).not.toBe(before));
    // One call for Noah's message; Jamie's asked nothing of Noah's profile.
    expect(count(profilePath(mockClientIds.noah))).toBe(profileCalls + 1);
    await waitFor(() => expect(announcement()).toHaveTextContent('Updated: Noah Kim'));
  });
});
