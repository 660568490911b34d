import { mockClientIds } from '@coach/api/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  loadedRegion,
  recordCalls,
  renderClientProfile,
  setupProfileServer,
} from '../../../test/renderClientProfile.tsx';
import { ClientProfileScreen } from './ClientProfileScreen.tsx';

const server = setupProfileServer();

/** The address the profile is at, as the test reads it. */
function Address() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}${hash}`}</output>;
}

const renderProfile = (at?: string, clientId = mockClientIds.jamie) =>
  renderClientProfile(server, {
    profileScreen: (
      <>
        <ClientProfileScreen />
        <Address />
      </>
    ),
    clientId,
    at,
  });

const address = () => screen.getByRole('status', { name: 'Address' });
const jamie = `/clients/${mockClientIds.jamie}`;
/** The calls that read a client's data (the coach's settings and quick replies are the session's). */
const clientReads = (calls: string[]) =>
  calls.filter((call) => call.startsWith('GET ') && call.includes('/clients/'));
const tabs = () => within(screen.getByRole('navigation', { name: "The client's record" }));

describe("a client's profile laid out for acting", () => {
  it('opens on the summary, the messages and the notes alone: three calls', async () => {
    const calls = recordCalls(server);
    renderProfile();
    await loadedRegion('Notes and history', { timeout: 5000 });
    await loadedRegion('Messages');
    await loadedRegion('This phase');
    // What the first view reads of the client (a live change may read one of them again).
    const read = new Set(
      clientReads(calls).map((call) => call.replace(/\?.*/, '').split('/').pop()),
    );
    expect([...read].sort()).toEqual(['messages', 'notes', 'profile']);
    // The panel holds the follow-up (the summary's), the composer and the note's field.
    const panel = within(
      screen.getByRole('complementary', { name: 'Follow-up, messages and notes' }),
    );
    expect(panel.getByRole('region', { name: 'Follow-up' })).toBeVisible();
    expect(panel.getByRole('textbox', { name: 'Message to Jamie Lee' })).toBeVisible();
    expect(panel.getByRole('textbox', { name: 'New note' })).toBeVisible();
  });

  it("reads a group's data when the group opens, and names the group in the address", async () => {
    const calls = recordCalls(server);
    const { user } = renderProfile();
    await loadedRegion('Messages', { timeout: 5000 });
    expect(tabs().getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(calls.some((call) => call.includes('/activity'))).toBe(false);
    await user.click(tabs().getByRole('link', { name: 'Activity' }));
    expect(await loadedRegion('Activity history', { timeout: 5000 })).toBeTruthy();
    expect(address()).toHaveTextContent(`${jamie}/activity`);
    expect(tabs().getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
    expect(calls.some((call) => call.includes('/activity'))).toBe(true);
    expect(screen.queryByRole('region', { name: 'This phase' })).not.toBeInTheDocument();
  });

  it('opens the group a link names, and the overview for an unknown one', async () => {
    renderProfile('/nonsense');
    await waitFor(() => expect(address()).toHaveTextContent(new RegExp(`^${jamie}$`)));
    expect(tabs().getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the groups, the note and the follow-up by their keys, from the composer too', async () => {
    const { user } = renderProfile();
    const composer = await screen.findByRole(
      'textbox',
      { name: 'Message to Jamie Lee' },
      { timeout: 5000 },
    );
    await user.click(composer);
    await user.keyboard('{Alt>}2{/Alt}');
    await waitFor(() => expect(address()).toHaveTextContent(`${jamie}/indicators`));
    expect(await screen.findByRole('region', { name: 'Indicators per day' })).toBeVisible();
    await user.keyboard('{Alt>}1{/Alt}');
    await waitFor(() => expect(address()).toHaveTextContent(new RegExp(`^${jamie}$`)));
    await user.keyboard('{Alt>}n{/Alt}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New note' })).toHaveFocus());
    await user.keyboard('{Alt>}f{/Alt}');
    expect(await screen.findByRole('dialog')).toBeVisible();
  });

  it('gives the composer the focus when the queue opens the profile, and keeps the list view back', async () => {
    renderProfile('?queue=1&attention=1');
    const composer = await screen.findByRole(
      'textbox',
      { name: 'Message to Jamie Lee' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(composer).toHaveFocus());
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'My clients' })).toHaveAttribute(
      'href',
      '/clients?attention=1',
    );
    // A group's tab keeps the address's query.
    expect(tabs().getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'href',
      `${jamie}/reports?queue=1&attention=1`,
    );
  });

  it("focuses the note's field for a link to #notes, in the group the link names", async () => {
    renderProfile('/activity#notes');
    const note = await screen.findByRole('textbox', { name: 'New note' }, { timeout: 5000 });
    await waitFor(() => expect(note).toHaveFocus());
    expect(tabs().getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the room of the thread and the composer while the thread loads', async () => {
    server.use(
      http.get('*/api/messaging/clients/:clientId/messages', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderProfile();
    const messages = await screen.findByRole('region', { name: 'Messages' });
    const room = messages.querySelector('[data-thread-room]');
    expect(room).not.toBeNull();
    // The thread's 11rem and the composer's 13rem, at the test's 16 px root.
    expect(getComputedStyle(room as Element).minHeight).toBe('384px');
  });

  it('leaves the focus where it was without the queue', async () => {
    renderProfile();
    const composer = await screen.findByRole(
      'textbox',
      { name: 'Message to Jamie Lee' },
      { timeout: 5000 },
    );
    expect(composer).not.toHaveFocus();
  });
});
