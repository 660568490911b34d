import { mockClientIds, mockNow } from '@coach/api/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { clientsTable, dataRows } from './clientsStory.ts';
import { mockedBackend, signedInParameters, signedInScreen } from './signedInScreen.tsx';

// The live figures in the signed-in app: the story's live event stream (the mocks') says that
// Noah Kim's figures changed after his device sent two hours of app use; the screen reads them
// again in place.

const { beforeEach, backendOf } = mockedBackend();

const meta = {
  title: 'App/Screens/Live figures',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-screens-livefigures',
  ...signedInScreen(),
  parameters: { docs: { story: ownFrame() }, ...signedInParameters() },
  beforeEach,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Noah Kim's device sends two hours of app use, and the stream says his figures changed. */
async function noahUsesTheApp() {
  const { state, live } = backendOf();
  // The app opens its stream with the signed-in layout.
  await waitFor(() => expect(live.openStreams()).toBe(1));
  const noah = state.clients.find((client) => client.person.id === mockClientIds.noah);
  noah?.usageSessions.push({
    startedAt: new Date(mockNow.getTime() - 3 * 3_600_000),
    endedAt: new Date(mockNow.getTime() - 3_600_000),
  });
  live.push({ event: 'clients-changed', data: { clientIds: [mockClientIds.noah] } });
}

/**
 * The clients list sorted by name, Z to A, Noah Kim's row focused: his engagement cell changes
 * in place, with the cue, and screen readers hear 'Updated: Noah Kim' once; the sort, the rows
 * and the focus stay.
 */
export const ClientsListUpdate: Story = {
  parameters: { route: '/clients?sort=name&dir=desc' },
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    const rows = dataRows(canvasElement);
    const noah = rows.find((row) => row.textContent?.includes('Noah Kim'));
    if (!noah) throw new Error('No row for Noah Kim');
    const engagement = noah.cells[2] as HTMLTableCellElement;
    const before = engagement.textContent;
    noah.focus();
    await noahUsesTheApp();
    await waitFor(() => expect(engagement.textContent).not.toBe(before));
    await expect(engagement).toHaveTextContent('2.0 h in last 24 h');
    await waitFor(() => expect(engagement.querySelector('[data-live-cue]')).not.toBeNull());
    await expect(canvas.getByText('Updated: Noah Kim')).toBeInTheDocument();
    await expect(dataRows(canvasElement)).toEqual(rows);
    await expect(noah).toHaveFocus();
    await expect(canvas.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  },
};

/**
 * Noah Kim's profile with the report dialog open: the engagement figure changes behind it, with
 * the cue, and the dialog stays open as it was.
 */
export const ProfileUpdate: Story = {
  parameters: { route: `/clients/${mockClientIds.noah}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const engagement = await canvas.findByRole('region', { name: 'Engagement (48h)' });
    await waitFor(() => expect(engagement).toHaveTextContent('0.0 h in the last 24 h'));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Generate report' }));
    const dialog = await page.findByRole('dialog');
    await userEvent.type(
      page.getByRole('textbox', { name: /Mental wellbeing/ }),
      'Sleeping better',
    );
    await noahUsesTheApp();
    await waitFor(() => expect(engagement).toHaveTextContent('2.0 h in the last 24 h'));
    await waitFor(() => expect(engagement.querySelector('[data-live-cue]')).not.toBeNull());
    await expect(page.getByRole('dialog')).toBe(dialog);
    await expect(page.getByRole('textbox', { name: /Mental wellbeing/ })).toHaveValue(
      'Sleeping better',
    );
  },
};

/**
 * The stream follows the session, not the screen: one opens once signed in, the same one stays
 * open on another screen, and it closes on logout. (The picture, the sign-in screen, is its own
 * stories'.)
 */
export const OneStreamPerSession: Story = {
  parameters: { route: '/clients', snapshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { live } = backendOf();
    await waitFor(() => expect(live.openStreams()).toBe(1));
    const menu = within(await canvas.findByRole('navigation', { name: 'Main' }));
    await userEvent.click(menu.getByRole('link', { name: 'Settings' }));
    await expect(await canvas.findByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(live.openStreams()).toBe(1);
    await expect(live.streamsOpened()).toBe(1);
    await userEvent.click(menu.getByRole('button', { name: 'Log out' }));
    await expect(await canvas.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    await waitFor(() => expect(live.openStreams()).toBe(0));
    await expect(live.streamsOpened()).toBe(1);
  },
};
