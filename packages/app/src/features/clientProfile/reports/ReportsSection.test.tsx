import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  loadedRegion,
  type RenderClientProfileOptions,
  recordCalls,
  renderClientProfile,
  setupProfileServer,
} from '../../../../test/renderClientProfile.tsx';
import { ClientProfileScreen } from '../ClientProfileScreen.tsx';

const server = setupProfileServer();

/** A toast's wait: long enough for a loaded machine, short of a toast that never comes. */
const toastWait = { timeout: 5000 };

/** Jamie's profile over the mocks, and the calls made. */
function renderProfile(backend: RenderClientProfileOptions['backend'] = {}) {
  const calls = recordCalls(server);
  const { user } = renderClientProfile(server, {
    profileScreen: <ClientProfileScreen />,
    at: '/reports',
    backend,
  });
  return { user, calls };
}

const reportsRegion = () => loadedRegion('Reports', { timeout: 5000 });

// The daily quota's message is the story's (ReportModal: QuotaReached).
describe('the reports of a client profile', () => {
  it("shows 20 reports, and the next ones on 'Show more' with the previous page's cursor", async () => {
    const { user, calls } = renderProfile({ reportCount: 45 });
    const reports = await reportsRegion();
    expect(await reports.findAllByRole('button', { name: /^Download/ })).toHaveLength(20);
    await user.click(reports.getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(reports.getAllByRole('button', { name: /^Download/ })).toHaveLength(40),
    );
    await user.click(reports.getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(reports.getAllByRole('button', { name: /^Download/ })).toHaveLength(45),
    );
    expect(reports.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    const pages = calls.filter((call) => call.includes('/reports'));
    expect(pages[0]).toMatch(/reports\?limit=20$/);
    expect(pages[1]).toMatch(/reports\?limit=20&before=[^&]+$/);
    const labels = reports
      .getAllByRole('button', { name: /^Download/ })
      .map((button) => button.getAttribute('aria-label'));
    expect(new Set(labels).size).toBe(45);
  });

  it("deletes a report once the coach confirms, says 'Report deleted' and keeps the pages loaded", async () => {
    const { user, calls } = renderProfile({ reportCount: 25 });
    const reports = await reportsRegion();
    await user.click(await reports.findByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(reports.getAllByRole('button', { name: /^Download/ })).toHaveLength(25),
    );
    const [firstDelete] = reports.getAllByRole('button', { name: /^Delete the report of/ });
    const label = firstDelete?.getAttribute('aria-label') ?? '';
    // Cancel leaves it.
    await user.click(firstDelete as HTMLElement);
    let dialog = await screen.findByRole('dialog', { name: 'Delete report' });
    expect(within(dialog).getByText(/It can not be recovered/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    await user.click(reports.getByRole('button', { name: label }));
    dialog = await screen.findByRole('dialog', { name: 'Delete report' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    expect(await screen.findByText('Report deleted', {}, toastWait)).toBeInTheDocument();
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
    expect(reports.queryByRole('button', { name: label })).not.toBeInTheDocument();
    expect(reports.getAllByRole('button', { name: /^Download/ })).toHaveLength(24);
    expect(calls.filter((call) => call.startsWith('DELETE'))).toHaveLength(1);
  });

  it("says 'Error deleting report' and keeps the report when the deletion fails", async () => {
    const { user, calls } = renderProfile({ reportDeleteFails: true });
    const reports = await reportsRegion();
    await user.click(await reports.findByRole('button', { name: /^Delete the report of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    expect(await screen.findByText('Error deleting report', {}, toastWait)).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('DELETE'))).toHaveLength(1);
    // The question stays for another try; cancelled, the report is still listed.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
    expect(reports.getAllByRole('button', { name: /^Download/ })).toHaveLength(1);
  });
});
