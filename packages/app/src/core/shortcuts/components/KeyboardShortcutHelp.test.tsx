import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestApi } from '../../../../test/mockApi.ts';
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx';
import { keyboardShortcuts } from '../keyboardShortcuts.ts';
import { KeyboardShortcutHelp } from './KeyboardShortcutHelp.tsx';

function renderHelp() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      <label>
        Notes
        <input />
      </label>
      <button type="button">Elsewhere</button>
      <KeyboardShortcutHelp />
    </>,
    createTestApi(),
  );
  return { user };
}

describe('KeyboardShortcutHelp', () => {
  it("opens the list of shortcuts on '?', by place, and closes on Escape", async () => {
    const { user } = renderHelp();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });

    const clients = within(within(dialog).getByRole('region', { name: 'Clients list' }));
    const search = clients.getByText('Search clients');
    expect(search.previousElementSibling).toHaveTextContent('/');
    expect(clients.getByText('Next client').previousElementSibling).toHaveTextContent('↓orj');
    const charts = within(
      within(dialog).getByRole('region', { name: "Charts of a client's profile" }),
    );
    expect(charts.getByText('Previous day').previousElementSibling).toHaveTextContent('←');
    const everywhere = within(within(dialog).getByRole('region', { name: 'Everywhere' }));
    expect(everywhere.getByText('Show this list of shortcuts')).toBeInTheDocument();

    // Closing starts the exit animation, which jsdom never ends: the dialog is closed, not gone.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('lists every shortcut of the table the key handlers read, once', async () => {
    const { user } = renderHelp();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.querySelectorAll('dd')).toHaveLength(Object.keys(keyboardShortcuts).length);
  });

  it("leaves '?' to a text field that has the focus", async () => {
    const { user } = renderHelp();
    await user.click(screen.getByLabelText('Notes'));
    await user.keyboard('?');
    expect(screen.getByLabelText('Notes')).toHaveValue('?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("leaves '?' with Ctrl, Alt or Meta to the browser", async () => {
    const { user } = renderHelp();
    await user.keyboard('{Control>}?{/Control}{Alt>}?{/Alt}{Meta>}?{/Meta}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
