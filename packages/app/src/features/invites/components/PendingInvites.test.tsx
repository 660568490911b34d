import { mockNow } from '@coach/api/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type mockBackend, testBaseUrls } from '../../../../test/mockApi.ts';
import { renderOverMocks } from '../../../../test/renderOverMocks.tsx';
import { PendingInvites } from './PendingInvites.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
// The mocks' seeded invites are dated from their clock: only Date is faked, timers run.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: mockNow }));
afterEach(() => vi.useRealTimers());

const listUrl = `${testBaseUrls.auth}/invites`;

/** Renders the list over the mocks; `first` handlers answer before them. */
function renderPending(options: Parameters<typeof mockBackend>[0] = {}, first: HttpHandler[] = []) {
  return renderOverMocks(server, <PendingInvites />, { backend: options, first });
}

const section = () => screen.getByRole('region', { name: 'Pending invites' });
const items = async () =>
  within(await within(section()).findByRole('list')).getAllByRole('listitem');
const itemOf = async (email: string) =>
  (await items()).find((item) => within(item).queryByText(email)) as HTMLElement;

// The list, a resend and its failure, a withdrawal and its failure (the confirmation left open),
// the folded long list and the empty list are the stories' (PendingInvites: Several,
// ResendSucceeds, ResendFails, WithdrawConfirmation, WithdrawSucceeds, WithdrawFails, Many, None).
describe('PendingInvites', { timeout: 30_000 }, () => {
  it('withdraws nothing when the coach keeps the invite', async () => {
    const { user } = renderPending();
    const sam = await itemOf('sam.taylor@example.com');
    await user.click(within(sam).getByRole('button', { name: /^Withdraw/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw invite' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep invite' }));
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
    expect(await items()).toHaveLength(3);
  });

  it('keeps the invite listed when a withdrawal fails', async () => {
    const { user } = renderPending({ inviteWithdrawFails: true });
    const sam = await itemOf('sam.taylor@example.com');
    await user.click(within(sam).getByRole('button', { name: /^Withdraw/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw invite' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('Error withdrawing the invite to sam.taylor@example.com'),
    ).toBeInTheDocument();
    // Still listed (behind the open modal, hidden from the accessibility tree meanwhile).
    expect(screen.getByText('sam.taylor@example.com')).toBeInTheDocument();
  });

  it('says the list could not be loaded, and loads it again on retry', async () => {
    let calls = 0;
    const { user } = renderPending({}, [
      http.get(listUrl, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: 'internal_error', message: 'Boom' }, { status: 500 })
          : HttpResponse.json({ items: [], total: 0 });
      }),
    ]);
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('Error loading pending invites');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByText(/^No pending invites/)).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
