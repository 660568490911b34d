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
const day = 24 * 3_600_000;
const daysAgo = (days: number) => new Date(mockNow.getTime() - days * day).toISOString();

/** Renders the list over the mocks; `first` handlers answer before them. */
function renderPending(options: Parameters<typeof mockBackend>[0] = {}, first: HttpHandler[] = []) {
  return renderOverMocks(server, <PendingInvites />, { backend: options, first });
}

const section = () => screen.getByRole('region', { name: 'Pending invites' });
const items = async () =>
  within(await within(section()).findByRole('list')).getAllByRole('listitem');
const itemOf = async (email: string) =>
  (await items()).find((item) => within(item).queryByText(email)) as HTMLElement;

describe('PendingInvites', { timeout: 30_000 }, () => {
  it('lists each invite with when it was sent and when it expires, an expired one in words', async () => {
    renderPending();
    const shown = await items();
    expect(shown.map((item) => within(item).getByText(/@/).textContent)).toEqual([
      'robin.walsh@example.com',
      'sam.taylor@example.com',
      'casey.nguyen@example.com',
    ]);
    expect(shown[0]).toHaveTextContent('Sent Nov 15·Expires in 13 days');
    expect(shown[2]).toHaveTextContent('Sent Oct 27·Expired');
    expect(within(section()).getByText('3 waiting for an answer')).toBeInTheDocument();
    expect(
      within(shown[2] as HTMLElement).getByRole('button', {
        name: 'Resend the invite to casey.nguyen@example.com',
      }),
    ).toBeInTheDocument();
  });

  it('resends an invite: a toast names the address and its expiry starts again', async () => {
    const { user } = renderPending();
    const expired = await itemOf('casey.nguyen@example.com');
    await user.click(
      within(expired).getByRole('button', {
        name: 'Resend the invite to casey.nguyen@example.com',
      }),
    );
    expect(
      await screen.findByText('Invite sent again to casey.nguyen@example.com'),
    ).toBeInTheDocument();
    await waitFor(async () =>
      expect(await itemOf('casey.nguyen@example.com')).toHaveTextContent('Expires in 14 days'),
    );
  });

  it('says so when a resend fails, and keeps the invite as it was', async () => {
    const { user } = renderPending({ inviteResendFails: true });
    const expired = await itemOf('casey.nguyen@example.com');
    await user.click(within(expired).getByRole('button', { name: /^Resend/ }));
    expect(
      await screen.findByText('Error resending the invite to casey.nguyen@example.com'),
    ).toBeInTheDocument();
    expect(await itemOf('casey.nguyen@example.com')).toHaveTextContent('Expired');
  });

  it('withdraws an invite once confirmed, and it leaves the list', async () => {
    const { user } = renderPending();
    const sam = await itemOf('sam.taylor@example.com');
    await user.click(
      within(sam).getByRole('button', { name: 'Withdraw the invite to sam.taylor@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw invite' });
    expect(dialog).toHaveTextContent('The link sent to sam.taylor@example.com will stop working.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('Invite to sam.taylor@example.com withdrawn'),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await items()).toHaveLength(2));
    expect(within(section()).queryByText('sam.taylor@example.com')).not.toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
  });

  it('withdraws nothing when the coach keeps the invite', async () => {
    const { user } = renderPending();
    const sam = await itemOf('sam.taylor@example.com');
    await user.click(within(sam).getByRole('button', { name: /^Withdraw/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw invite' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep invite' }));
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
    expect(await items()).toHaveLength(3);
  });

  it('says so when a withdrawal fails, and leaves the confirmation open to try again', async () => {
    const { user } = renderPending({ inviteWithdrawFails: true });
    const sam = await itemOf('sam.taylor@example.com');
    await user.click(within(sam).getByRole('button', { name: /^Withdraw/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw invite' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('Error withdrawing the invite to sam.taylor@example.com'),
    ).toBeInTheDocument();
    expect(dialog).toHaveAttribute('data-state', 'open');
    // Still listed (behind the open modal, hidden from the accessibility tree meanwhile).
    expect(screen.getByText('sam.taylor@example.com')).toBeInTheDocument();
  });

  it('folds a long list behind a button that shows the rest', async () => {
    const many = Array.from({ length: 7 }, (_, index) => ({
      id: `00000000-0000-4000-9000-00000000000${index}`,
      email: `invitee${index}@example.com`,
      status: 'pending',
      sentAt: daysAgo(index),
      expiresAt: daysAgo(index - 14),
    }));
    const { user } = renderPending({}, [
      http.get(listUrl, () => HttpResponse.json({ items: many, total: 7 })),
    ]);
    expect(await items()).toHaveLength(5);
    const toggle = within(section()).getByRole('button', { name: 'Show all 7' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(await items()).toHaveLength(7);
    expect(within(section()).getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('says there are none', async () => {
    renderPending({}, [http.get(listUrl, () => HttpResponse.json({ items: [], total: 0 }))]);
    expect(
      await within(section()).findByText(
        'No pending invites. Invites you send wait here until the client accepts.',
      ),
    ).toBeInTheDocument();
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
