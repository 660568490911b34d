import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ownFrame } from '../ui/fixtures/ownFrame.ts';
import { clientsTable, dataRows, rowNames } from './clientsStory.ts';
import { signedInParameters, signedInScreen } from './signedInScreen.tsx';

/** 'My clients' in use: sort, filters, search, keyboard and the view kept in the URL. */
const meta = {
  title: 'App/Journeys/Working the list',
  // The story ids (and so the baselines' names and links) stay those of its code name.
  id: 'app-journeys-clientsinteractions',
  ...signedInScreen(),
  parameters: { docs: { story: ownFrame() }, ...signedInParameters('/clients') },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const sortButton = (table: HTMLElement, name: string) =>
  within(within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) })).getByRole(
    'button',
  );

/** A header click sorts (ascending, then descending); 'Needs attention first' goes back. */
export const SortByMental: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, table } = await clientsTable(canvasElement);
    await userEvent.click(sortButton(table, 'Mental'));
    const mental = within(table).getByRole('columnheader', { name: /^Mental/ });
    await expect(mental).toHaveAttribute('aria-sort', 'ascending');
    await expect(rowNames(canvasElement)[0]).toBe('Tomás Herrera');
    await userEvent.click(sortButton(table, 'Mental'));
    await expect(mental).toHaveAttribute('aria-sort', 'descending');
    await expect(rowNames(canvasElement)[0]).toBe('Sofia Rossi');
    await userEvent.click(await canvas.findByRole('button', { name: 'Needs attention first' }));
    await waitFor(() => expect(rowNames(canvasElement)[0]).toBe('Tomás Herrera'));
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Needs attention first' })).toBeNull(),
    );
  },
};

/**
 * The 'Needs attention only' toggle pressed: the count reads 'N of 14 clients' and every remaining
 * row says why it needs attention.
 */
export const FilterNeedsAttention: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Needs attention only' });
    await userEvent.click(toggle);
    // The router applies URL changes in a transition.
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    const rows = dataRows(canvasElement);
    await expect(canvas.getByText(`${rows.length} of 14 clients`)).toBeVisible();
    for (const row of rows) await expect(row).toHaveTextContent('Needs attention:');
  },
};

/**
 * The 'Follow-up due (1)' toggle pressed: only Jamie Lee, whose follow-up is due today, remains
 * ('1 of 14 clients', in the URL as followUp=due).
 */
export const FilterFollowUpDue: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Follow-up due (1)' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    await expect(canvas.getByText('1 of 14 clients')).toBeVisible();
    await expect(rowNames(canvasElement)).toEqual(['Jamie Lee']);
    await expect(dataRows(canvasElement)[0]).toHaveTextContent(
      'Follow-up due Nov 16: Ask how the slower breathing feels',
    );
  },
};

/**
 * The Phase filter set to Grow: only clients in the Grow phase remain, and the count drops below
 * 14.
 */
export const FilterByPhase: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Phase' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Grow' }));
    await waitFor(() =>
      expect(canvas.getByText(/^\d+ of 14 clients$/)).not.toHaveTextContent('14 of'),
    );
    for (const row of dataRows(canvasElement)) await expect(row).toHaveTextContent('Grow');
  },
};

/** Search by name or email, accents ignored; no match offers to clear. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    const search = canvas.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, 'tomas');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Tomás Herrera']));
    await userEvent.clear(search);
    await userEvent.type(search, 'aiko@');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Aiko Tanaka']));
    await userEvent.type(search, 'nobody');
    await expect(await canvas.findByText('No clients match this search or filter.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(search).toHaveValue(''));
    await waitFor(() => expect(dataRows(canvasElement)).toHaveLength(14));
  },
};

/** '/' focuses the search; Tab reaches the rows, arrows and j/k move, Enter opens the client. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    await userEvent.keyboard('/');
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    const [first, second, third] = dataRows(canvasElement);
    first?.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(second).toHaveFocus();
    await userEvent.keyboard('j');
    await expect(third).toHaveFocus();
    await userEvent.keyboard('k');
    await expect(second).toHaveFocus();
    const name = rowNames(canvasElement)[1] ?? '';
    await userEvent.keyboard('{Enter}');
    // The profile's heading names the client once their summary is in.
    await expect(await canvas.findByRole('heading', { name, level: 1 })).toBeVisible();
  },
};

/** A link with the follow-up filter in it ('followUp=due') opens with the filter on. */
export const FollowUpDueFromUrl: Story = {
  parameters: { route: '/clients?followUp=due' },
  play: async ({ canvasElement }) => {
    const { canvas } = await clientsTable(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Follow-up due (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(rowNames(canvasElement)).toEqual(['Jamie Lee']);
  },
};

/** A link with the view in it opens that view: search, phase, attention and sort. */
export const ViewFromUrl: Story = {
  parameters: { route: '/clients?q=a&phase=sense&attention=1&sort=engagement&dir=desc' },
  play: async ({ canvasElement }) => {
    const { canvas, table } = await clientsTable(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('a');
    await expect(canvas.getByRole('combobox', { name: 'Phase' })).toHaveTextContent('Sense');
    await expect(canvas.getByRole('button', { name: 'Needs attention only' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(table).getByRole('columnheader', { name: /^Engagement/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    for (const row of dataRows(canvasElement)) await expect(row).toHaveTextContent('Sense');
  },
};
