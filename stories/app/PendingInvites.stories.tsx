import { Box } from '@chakra-ui/react';
import type { Invite } from '@coach/api';
import { createHandlers, fixtureTokens, mockNow } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { PendingInvites } from '../../packages/app/src/features/invites/index.ts';
import { animationsSettled } from '../ui/fixtures/openDialog.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { expectToast } from './expectToast.ts';
import { releaseFocus } from './releaseFocus.ts';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';
import { withCoachApi } from './withCoachApi.tsx';

/**
 * The coach's pending invites, as 'My clients' shows them under the table. The mocks seed three
 * for the demo coach: sent yesterday, two days ago, and 20 days ago (expired).
 */
const meta = {
  title: 'App/Sections/Pending invites',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-sections-pendinginvites',
  component: PendingInvites,
  // As wide as under the clients table at 1280 px.
  render: () => (
    <Box maxWidth="64rem">
      <PendingInvites />
    </Box>
  ),
  // Sized as the app sizes its text at 1280 px, where the list sits under the clients table.
  decorators: [withCoachApi, withAppRootFontSize],
  parameters: { docs: { story: ownFrame(600) }, session: { tokens: fixtureTokens.coach } },
  beforeEach({ msw }) {
    msw.use(...createHandlers());
  },
} satisfies Meta<typeof PendingInvites>;

export default meta;
type Story = StoryObj<typeof meta>;

const day = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(mockNow.getTime() + days * day).toISOString();

/** Answers the list with these invites (before the mocks' own). */
const listing = (items: Invite[]) =>
  http.get('*/api/auth/invites', () => HttpResponse.json({ items, total: items.length }));

const failure = { status: 500, error: 'internal_error', message: 'Something went wrong' } as const;

/** The list once loaded, and one invite's item by its address. */
async function loaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const list = await canvas.findByRole('list', { name: 'Pending invites' });
  const itemOf = (email: string) =>
    within(list)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText(email)) as HTMLElement;
  return { canvas, list, itemOf };
}

/** Opens the withdraw confirmation of an invite. */
async function confirmWithdraw(canvasElement: HTMLElement, email: string) {
  const { itemOf } = await loaded(canvasElement);
  await userEvent.click(
    within(itemOf(email)).getByRole('button', { name: `Withdraw the invite to ${email}` }),
  );
  // The modal is portalled out of the story's root.
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw invite' });
  await animationsSettled();
  return { dialog, modal: within(dialog) };
}

/** Three invites, the oldest expired (said in words, with an icon, not by colour alone). */
export const Several: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, list, itemOf } = await loaded(canvasElement);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // The newest first.
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => within(item).getByText(/@/).textContent),
    ).toEqual(['robin.walsh@example.com', 'sam.taylor@example.com', 'casey.nguyen@example.com']);
    await expect(canvas.getByText('3 waiting for an answer')).toBeVisible();
    await expect(itemOf('robin.walsh@example.com')).toHaveTextContent(
      'Sent Nov 15·Expires in 13 days',
    );
    await expect(itemOf('casey.nguyen@example.com')).toHaveTextContent('Sent Oct 27·Expired');
    await expect(
      within(itemOf('casey.nguyen@example.com')).getByRole('button', {
        name: 'Resend the invite to casey.nguyen@example.com',
      }),
    ).toBeVisible();
  },
};

/** Past five the list folds; 'Show all' unfolds it (and says so to assistive technology). */
export const Many: Story = {
  beforeEach({ msw }) {
    msw.use(
      listing(
        Array.from({ length: 8 }, (_, index) => ({
          id: `00000000-0000-4000-9000-00000000010${index}`,
          email: `invitee.${index + 1}@example.com`,
          status: 'pending' as const,
          sentAt: at(-index * 3),
          expiresAt: at(14 - index * 3),
        })),
      ),
      ...createHandlers(),
    );
  },
  play: async ({ canvasElement }) => {
    const { canvas, list } = await loaded(canvasElement);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const toggle = canvas.getByRole('button', { name: 'Show all 8' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    await expect(canvas.getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(within(list).getAllByText('Expired')).toHaveLength(3);
    // No focus ring in the snapshot.
    releaseFocus();
  },
};

/**
 * One invite to a very long address, expiring in 5 hours: the address wraps or breaks within its
 * row, the expiry and the actions stay beside it.
 */
export const LongAddress: Story = {
  beforeEach({ msw }) {
    msw.use(
      listing([
        {
          id: '00000000-0000-4000-9000-000000000201',
          email: 'maria-fernanda.de-la-concepcion.rodriguez-villanueva@consultancy.example.com',
          status: 'pending',
          sentAt: at(-13.8),
          expiresAt: at(0.2),
        },
      ]),
      ...createHandlers(),
    );
  },
  play: async ({ canvasElement }) => {
    const { list } = await loaded(canvasElement);
    await expect(list).toHaveTextContent('Expires in 5 hours');
  },
};

/**
 * No pending invites: the sentence 'No pending invites. Invites you send wait here until the
 * client accepts.' and no list.
 */
export const None: Story = {
  beforeEach({ msw }) {
    msw.use(listing([]), ...createHandlers());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        'No pending invites. Invites you send wait here until the client accepts.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

/**
 * While the invites load (the request never answers): the busy placeholder named 'Loading pending
 * invites'.
 */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ delays: { listInvites: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('status', { name: 'Loading pending invites' }),
    ).toBeVisible();
  },
};

/** The list could not be read: said so, with a retry (the mock keeps failing). */
export const LoadError: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ failures: { listInvites: failure } }));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Error loading pending invites');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    releaseFocus();
  },
};

/** A resend mails a new link: the expired invite gets a new 14 days. */
export const ResendSucceeds: Story = {
  play: async ({ canvasElement }) => {
    const { itemOf } = await loaded(canvasElement);
    await userEvent.click(
      within(itemOf('casey.nguyen@example.com')).getByRole('button', { name: /^Resend/ }),
    );
    await expectToast('Invite sent again to casey.nguyen@example.com');
    await waitFor(() =>
      expect(itemOf('casey.nguyen@example.com')).toHaveTextContent(
        'Sent Nov 16·Expires in 14 days',
      ),
    );
  },
};

/**
 * Resending an expired invite fails: the toast 'Error resending the invite to
 * casey.nguyen@example.com' and the invite still marked Expired.
 */
export const ResendFails: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ inviteResendFails: true }));
  },
  play: async ({ canvasElement }) => {
    const { itemOf } = await loaded(canvasElement);
    await userEvent.click(
      within(itemOf('casey.nguyen@example.com')).getByRole('button', { name: /^Resend/ }),
    );
    await expectToast('Error resending the invite to casey.nguyen@example.com');
    await expect(itemOf('casey.nguyen@example.com')).toHaveTextContent('Expired');
  },
};

/** Withdraw asks first, naming the address. */
export const WithdrawConfirmation: Story = {
  play: async ({ canvasElement }) => {
    const { modal } = await confirmWithdraw(canvasElement, 'sam.taylor@example.com');
    await expect(
      modal.getByText(
        'The link sent to sam.taylor@example.com will stop working. You can invite this address again later.',
      ),
    ).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Keep invite' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  },
};

/**
 * Withdraw confirmed in its dialog: the dialog closes, the toast 'Invite to sam.taylor@example.com
 * withdrawn', and the list keeps the other two invites.
 */
export const WithdrawSucceeds: Story = {
  play: async ({ canvasElement }) => {
    const { modal } = await confirmWithdraw(canvasElement, 'sam.taylor@example.com');
    await userEvent.click(modal.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expectToast('Invite to sam.taylor@example.com withdrawn');
    const { list } = await loaded(canvasElement);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await expect(list).not.toHaveTextContent('sam.taylor@example.com');
  },
};

/** A failed withdrawal says so and leaves the confirmation open to try again. */
export const WithdrawFails: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ inviteWithdrawFails: true }));
  },
  play: async ({ canvasElement }) => {
    const { dialog, modal } = await confirmWithdraw(canvasElement, 'sam.taylor@example.com');
    await userEvent.click(modal.getByRole('button', { name: 'Withdraw' }));
    await expectToast('Error withdrawing the invite to sam.taylor@example.com');
    await expect(dialog).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  },
};
