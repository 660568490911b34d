import { ShortcutHelp, type ShortcutHelpGroup } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { renderBehindTrigger } from './fixtures/DialogTrigger.tsx';
import { findOpenDialog } from './fixtures/openDialog.ts';
import { ownFrame } from './fixtures/ownFrame.ts';

/** The shortcuts as the app lists them (its texts and key labels come in through props). */
const groups: ShortcutHelpGroup[] = [
  {
    id: 'everywhere',
    title: 'Everywhere',
    shortcuts: [{ id: 'help', keys: ['?'], description: 'Show this list of shortcuts' }],
  },
  {
    id: 'clients',
    title: 'Clients list',
    shortcuts: [
      { id: 'search', keys: ['/'], description: 'Search clients' },
      { id: 'nextRow', keys: ['↓', 'j'], description: 'Next client' },
      { id: 'previousRow', keys: ['↑', 'k'], description: 'Previous client' },
      { id: 'firstRow', keys: ['Home'], description: 'First client' },
      { id: 'lastRow', keys: ['End'], description: 'Last client' },
      { id: 'openRow', keys: ['Enter'], description: "Open the focused client's profile" },
    ],
  },
  {
    id: 'charts',
    title: "Charts of a client's profile",
    shortcuts: [
      { id: 'previousDay', keys: ['←'], description: 'Previous day' },
      { id: 'nextDay', keys: ['→'], description: 'Next day' },
    ],
  },
];

const meta = {
  title: 'UI/ShortcutHelp',
  component: ShortcutHelp,
  tags: ['autodocs', 'status:stable'],
  args: { isOpen: false, onClose: fn(), title: 'Keyboard shortcuts', groups },
  argTypes: {
    // Typed by name, editable as data.
    groups: { control: 'object', table: { type: { summary: 'readonly ShortcutHelpGroup[]' } } },
  },
  // On the Docs page each story shows in a frame of its own but the first, which the page's
  // controls drive, as the Modal's do.
  parameters: { docs: { story: ownFrame(640) } },
  render: renderBehindTrigger('Keyboard shortcuts', ShortcutHelp),
} satisfies Meta<typeof ShortcutHelp>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Opens on its button and lists the shortcuts by place, each key a `kbd`, the keys of one
 * shortcut joined by 'or'; Escape closes it and focus goes back to the button.
 */
export const Default: Story = {
  // In the Docs page itself, where its controls reach it (they cannot reach a frame).
  parameters: { docs: { story: { inline: true } } },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Keyboard shortcuts' });
    await userEvent.click(trigger);
    const dialog = await findOpenDialog('Keyboard shortcuts');
    const clients = within(within(dialog).getByRole('region', { name: 'Clients list' }));
    const next = clients.getByText('Next client').previousElementSibling as HTMLElement;
    await expect(next.querySelectorAll('kbd')).toHaveLength(2);
    await expect(next).toHaveTextContent('↓orj');
    await expect(within(dialog).getByRole('region', { name: 'Everywhere' })).toBeVisible();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Open, for the visual baseline: three places, one key or two per shortcut. */
export const Open: Story = {
  args: { isOpen: true },
  play: async () => {
    const dialog = await findOpenDialog('Keyboard shortcuts');
    // A region for each place (in a short window the dialog's scrolling body is one more).
    for (const group of groups) {
      await expect(within(dialog).getByRole('region', { name: group.title })).toBeVisible();
    }
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

/** Other words for 'or' and the close button, as another language gives them. */
export const OtherWords: Story = {
  args: {
    isOpen: true,
    title: 'Atajos de teclado',
    orLabel: 'o',
    closeLabel: 'Cerrar',
    groups: [
      {
        id: 'clients',
        title: 'Lista de clientes',
        shortcuts: [{ id: 'nextRow', keys: ['↓', 'j'], description: 'Cliente siguiente' }],
      },
    ],
  },
  play: async () => {
    const dialog = await findOpenDialog('Atajos de teclado');
    await expect(
      within(dialog).getByText('Cliente siguiente').previousElementSibling,
    ).toHaveTextContent('↓oj');
    await expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeVisible();
  },
};

/**
 * Don't: every shortcut in one list under one heading. The coach looks for the place they are
 * in ('Clients list'); a flat list makes them read all of it. Group the shortcuts by place.
 */
export const DontOneLongList: Story = {
  name: 'Don’t: one long list',
  args: {
    isOpen: true,
    groups: [
      {
        id: 'all',
        title: 'Shortcuts',
        shortcuts: groups.flatMap((group) =>
          group.shortcuts.map((shortcut) => ({ ...shortcut, id: `${group.id}-${shortcut.id}` })),
        ),
      },
    ],
  },
  play: async () => {
    const dialog = await findOpenDialog('Keyboard shortcuts');
    await expect(within(dialog).getByRole('region', { name: 'Shortcuts' })).toBeVisible();
  },
};
