import { createHandlers } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { animationsSettled } from '../ui/fixtures/openDialog.ts';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { clientsTable } from './clientsStory.ts';
import { expectToast } from './expectToast.ts';
import { signedInParameters, signedInScreen } from './signedInScreen.tsx';

/** 'Invite client' on 'My clients': the button in the header opens the modal. */
const meta = {
  title: 'App/Dialogs/Invite a client',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-dialogs-inviteclient',
  ...signedInScreen(),
  parameters: { docs: { story: ownFrame() }, ...signedInParameters('/clients') },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the modal from the screen's header once the list has loaded; focus is in the field. */
async function openInvite(canvasElement: HTMLElement) {
  const { canvas } = await clientsTable(canvasElement);
  const trigger = canvas.getByRole('button', { name: 'Invite client' });
  await userEvent.click(trigger);
  // The modal is portalled out of the story's root.
  const dialog = await screen.findByRole('dialog', { name: 'Invite client' });
  await animationsSettled();
  const modal = within(dialog);
  const email = modal.getByLabelText('Email');
  await waitFor(() => expect(email).toHaveFocus());
  return {
    canvas,
    trigger,
    dialog,
    modal,
    email,
    send: modal.getByRole('button', { name: 'Send invite' }),
  };
}

const dialogClosed = () =>
  waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

/** The empty modal: what the invite does, the field focused, and the actions. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const { modal, send } = await openInvite(canvasElement);
    await expect(modal.getByText(/We email them a link/)).toBeVisible();
    await expect(send).toBeEnabled();
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

/** Sent empty (spaces alone are no address): 'Email is required', and the button waits. */
export const EmailRequired: Story = {
  play: async ({ canvasElement }) => {
    const { modal, email, send } = await openInvite(canvasElement);
    await userEvent.type(email, '   {Enter}');
    await expect(await modal.findByText('Email is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(send).toBeDisabled();
  },
};

/**
 * An email without its domain: 'Incorrect email format' under the field, announced as its
 * description; completing the address drops the error and enables Send again.
 */
export const IncorrectEmailFormat: Story = {
  play: async ({ canvasElement }) => {
    const { modal, email, send } = await openInvite(canvasElement);
    await userEvent.type(email, 'ada.lovelace@');
    await userEvent.click(send);
    await expect(await modal.findByText('Incorrect email format')).toBeVisible();
    await expect(email).toHaveAccessibleDescription('Incorrect email format');
    // Editing the field drops the error and frees the button.
    await userEvent.type(email, 'example.com');
    await expect(modal.queryByText('Incorrect email format')).not.toBeInTheDocument();
    await expect(send).toBeEnabled();
  },
};

/** While the invite is on its way the button is busy and cannot send twice. */
export const Submitting: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ delays: { createInvite: 'forever' } }));
  },
  play: async ({ canvasElement }) => {
    const { email, send } = await openInvite(canvasElement);
    await userEvent.type(email, 'new.client@example.com{Enter}');
    await waitFor(() => expect(send).toBeDisabled());
    await expect(send).toHaveAttribute('data-loading');
    await expect(send).toHaveAccessibleName('Send invite');
  },
};

/**
 * The trimmed address is invited: the spec's toast names it, the modal closes, focus goes back
 * to the button, and the invite joins the pending list.
 */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, trigger, email } = await openInvite(canvasElement);
    await userEvent.type(email, 'new.client@example.com{Enter}');
    await dialogClosed();
    await waitFor(() => expect(trigger).toHaveFocus());
    // The toast last: it releases focus, so no focus ring decides the snapshot.
    await expectToast('Client new.client@example.com successfully invited to join platform');
    const pending = canvas.getByRole('region', { name: 'Pending invites' });
    await expect(await within(pending).findByText('new.client@example.com')).toBeVisible();
    await expect(within(pending).getByText('4 waiting for an answer')).toBeVisible();
  },
};

/** A failed invite: the spec's toast; the modal stays open with the address to try again. */
export const Failure: Story = {
  beforeEach({ msw }) {
    msw.use(...createHandlers({ inviteFails: true }));
  },
  play: async ({ canvasElement }) => {
    const { dialog, email, send } = await openInvite(canvasElement);
    await userEvent.type(email, 'new.client@example.com{Enter}');
    await expectToast('Error performing client invite operation');
    await expect(dialog).toBeVisible();
    await expect(email).toHaveValue('new.client@example.com');
    await expect(send).toBeEnabled();
  },
};

/** The server out of reach: the toast says so; the modal and the address stay to send again. */
export const ServerUnreachable: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/auth/invites', () => HttpResponse.error()),
      ...createHandlers(),
    );
  },
  play: async ({ canvasElement }) => {
    const { dialog, email, send } = await openInvite(canvasElement);
    await userEvent.type(email, 'new.client@example.com{Enter}');
    await expectToast('The server could not be reached, please try again');
    await expect(dialog).toBeVisible();
    await expect(email).toHaveValue('new.client@example.com');
    await expect(send).toBeEnabled();
  },
};

/** An address that already has an account says so on the field, not in a toast. */
export const AlreadyRegistered: Story = {
  play: async ({ canvasElement }) => {
    const { modal, email } = await openInvite(canvasElement);
    await userEvent.type(email, 'client@example.com{Enter}');
    await expect(
      await modal.findByText(
        'This address already has an account, or another coach has invited it',
      ),
    ).toBeVisible();
    await expect(email).toHaveValue('client@example.com');
    // On the field only: no failure toast.
    await expect(screen.queryByText('Error performing client invite operation')).toBeNull();
  },
};

/** A click on the dimmed backdrop closes the modal; focus goes back to 'Invite client'. */
export const ClosesOnBackdropClick: Story = {
  play: async ({ canvasElement }) => {
    const { trigger, dialog } = await openInvite(canvasElement);
    // Whatever a real click in the top-left corner, on the dimmed backdrop, would hit.
    const outside = document.elementFromPoint(4, 4) as HTMLElement;
    await expect(dialog).not.toContainElement(outside);
    await userEvent.click(outside);
    await dialogClosed();
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A new coach (no clients, no invites yet): the empty list offers the invite too. */
export const FromEmptyList: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/auth/invites', () => HttpResponse.json({ items: [], total: 0 })),
      ...createHandlers({ emptyLists: true }),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Invite your first client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite client' });
    // Visible once its opening animation (from opacity 0) has run.
    await animationsSettled();
    await expect(dialog).toBeVisible();
  },
};
