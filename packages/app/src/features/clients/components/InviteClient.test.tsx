import { mockNow } from '@coach/api/msw';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testNow, testSummary } from '../../../../test/clientSummary.ts';
import { type mockBackend, testBaseUrls } from '../../../../test/mockApi.ts';
import { renderOverMocks } from '../../../../test/renderOverMocks.tsx';
import { ClientsScreen } from './ClientsScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
// The mocks' seeded invites are dated from their clock: only Date is faked, timers run.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: mockNow }));
afterEach(() => vi.useRealTimers());

/** The requests the screen made, as 'METHOD /path', and the bodies of the invites it sent. */
function recordRequests() {
  const calls: string[] = [];
  const inviteBodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}`);
    if (request.method === 'POST' && url.pathname === '/api/auth/invites') {
      inviteBodies.push(await request.clone().json());
    }
  });
  return { calls, inviteBodies, count: (call: string) => calls.filter((c) => c === call).length };
}

// One client keeps the table light: these tests are about the invite, not the rows.
const oneClient = http.get(`${testBaseUrls.analytics}/clients`, () =>
  HttpResponse.json({ clients: [testSummary({ firstName: 'Zoe' })], generatedAt: testNow }),
);

function renderClients(options: Parameters<typeof mockBackend>[0] = {}) {
  server.events.removeAllListeners();
  const requests = recordRequests();
  const { user } = renderOverMocks(server, <ClientsScreen />, {
    backend: options,
    first: options.emptyLists ? [] : [oneClient],
  });
  return { user, requests };
}

async function openInvite(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Invite client' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite client' });
  const email = within(dialog).getByLabelText('Email');
  return { dialog, email, send: within(dialog).getByRole('button', { name: 'Send invite' }) };
}

const pendingList = () =>
  within(screen.getByRole('region', { name: 'Pending invites' })).findByRole('list');

// What the modal shows (its checks, a failure, an address already registered, the empty list's
// way in) is the stories' (InviteClient); here, what reaches the server and what is read again.
// Generous: a loaded machine renders the screen slowly; the limit only catches a hang.
describe('Invite client', { timeout: 30_000 }, () => {
  it('sends the trimmed address on Enter, toasts it, closes, and reloads the invites and clients', async () => {
    const { user, requests } = renderClients();
    await pendingList();
    await waitFor(() => expect(requests.count('GET /api/analytics/clients')).toBe(1));
    const { dialog, email } = await openInvite(user);

    await user.type(email, '  new.client@example.com  {Enter}');

    expect(
      await screen.findByText(
        'Client new.client@example.com successfully invited to join platform',
      ),
    ).toBeInTheDocument();
    expect(requests.inviteBodies).toEqual([{ email: 'new.client@example.com' }]);
    // Closed (jsdom never ends the exit animation that would unmount it).
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
    expect(
      await within(await pendingList()).findByText('new.client@example.com'),
    ).toBeInTheDocument();
    await waitFor(() => expect(requests.count('GET /api/analytics/clients')).toBe(2));
    expect(requests.count('GET /api/auth/invites')).toBe(2);
  });

  it("says 'Email is required' and 'Incorrect email format' on submit, and sends nothing", async () => {
    const { user, requests } = renderClients();
    const { dialog, email, send } = await openInvite(user);

    await user.type(email, '   {Enter}');
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.type(email, 'ada@');
    expect(within(dialog).queryByText('Email is required')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await within(dialog).findByText('Incorrect email format')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Incorrect email format');
    expect(requests.count('POST /api/auth/invites')).toBe(0);
  });

  it('says the server could not be reached when the network fails, keeps the address, and sends it once back', async () => {
    const { user, requests } = renderClients();
    server.use(
      http.post(`${testBaseUrls.auth}/invites`, () => HttpResponse.error(), { once: true }),
    );
    const { dialog, email, send } = await openInvite(user);

    await user.type(email, 'new.client@example.com');
    await user.click(send);

    expect(
      await screen.findByText('The server could not be reached, please try again'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error performing client invite operation')).toBeInTheDocument();
    expect(email).toHaveValue('new.client@example.com');
    await waitFor(() => expect(send).toBeEnabled());

    await user.click(send);
    expect(
      await screen.findByText(
        'Client new.client@example.com successfully invited to join platform',
      ),
    ).toBeInTheDocument();
    expect(requests.inviteBodies).toEqual([
      { email: 'new.client@example.com' },
      { email: 'new.client@example.com' },
    ]);
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
  });
});
