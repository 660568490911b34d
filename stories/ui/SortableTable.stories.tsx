import { Text, VStack } from '@chakra-ui/react';
import { Button, SortableTable } from '@coach/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { showState } from './fixtures/interactionStates.tsx';
import {
  averageCells,
  type ClientRow,
  clientColumns,
  createClientRows,
  fullName,
} from './fixtures/sortableTableClients.tsx';

// An instantiation of the generic component, so stories are typed with the client rows.
const ClientsTable = SortableTable<ClientRow>;

const clients = createClientRows(20, 7);
const fortyClients = createClientRows(40, 5);
const manyClients = createClientRows(10_000, 11);
const longTextClients = createClientRows(8, 3).map((client, index) =>
  index % 2 === 0
    ? {
        ...client,
        firstName: 'Maximiliana Alejandra Guadalupe Concepción',
        lastName: `de los Santos Fernández-Østergaard y Wolfeschlegelsteinhausen ${index + 1}`,
      }
    : client,
);

const meta = {
  title: 'UI/SortableTable',
  component: ClientsTable,
  tags: ['autodocs', 'status:stable'],
  args: {
    data: clients,
    columns: clientColumns,
    getRowId: (client) => client.id,
    'aria-label': 'My clients',
    onRowClick: fn(),
    onSortChange: fn(),
    maxHeight: '32rem',
    // Rows with an avatar are about 57 px high; a close estimate keeps the scrollbar steady.
    estimatedRowHeight: 57,
  },
  argTypes: {
    // Typed by name (the generated table reads a generic's rows as unknown); the rows are data
    // a designer may edit, the columns hold functions.
    data: {
      control: 'object',
      table: { type: { summary: 'readonly T[]', detail: 'Rows of any shape: here ClientRow' } },
    },
    columns: {
      control: false,
      table: { type: { summary: 'readonly SortableTableColumn<T>[]' } },
    },
    customRow: { control: false },
    emptyState: { control: false },
    caption: { control: 'text' },
  },
} satisfies Meta<typeof ClientsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

const dataRows = (canvasElement: HTMLElement) =>
  canvasElement.querySelectorAll<HTMLTableRowElement>('tbody tr[data-kind="data"]');
const firstName = (canvasElement: HTMLElement) =>
  within(canvasElement).getAllByTestId('client-name')[0]?.textContent;
const header = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).getByRole('columnheader', { name });

/**
 * The table's own settings in the controls over the 20 clients: loading and its row count, the
 * caption, the heights, the locale of the sort and the sort buttons' tooltips.
 */
export const Playground: Story = {
  args: {
    isLoading: false,
    loadingRowCount: 5,
    caption: '',
    locale: 'en-US',
    sortLabels: { sortAscending: 'Sort ascending', sortDescending: 'Sort descending' },
  },
};

/** The clients list: 20 rows, rich cells, unsorted until a header is clicked. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const nameHeader = header(canvasElement, 'Name/Surname');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    const sortedNames = clients
      .map(fullName)
      .sort(new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }).compare);

    await userEvent.click(canvas.getByRole('button', { name: 'Name/Surname' }));
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstName(canvasElement)).toBe(sortedNames[0]);
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      columnId: 'name',
      direction: 'asc',
    });

    await userEvent.click(canvas.getByRole('button', { name: 'Name/Surname' }));
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(firstName(canvasElement)).toBe(sortedNames[sortedNames.length - 1]);

    await userEvent.click(dataRows(canvasElement)[0] as HTMLElement);
    await expect(args.onRowClick).toHaveBeenCalledTimes(1);
  },
};

/** Sorted on mount by engagement, highest first; missing values are last. */
export const InitialSort: Story = {
  args: { initialSort: { columnId: 'engagement48h', direction: 'desc' } },
  play: async ({ canvasElement }) => {
    await expect(header(canvasElement, 'Engagement (48h)')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const highest = Math.max(...clients.map((client) => client.engagement48h ?? -1));
    const firstEngagement = dataRows(canvasElement)[0]?.cells[2]?.textContent;
    await expect(firstEngagement).toBe(`${highest}%`);
    // Only the rows in view are rendered: scroll to the end to see the missing values last.
    const region = within(canvasElement).getByRole('region', { name: 'My clients' });
    await waitFor(() => {
      region.scrollTop = region.scrollHeight;
      const rows = dataRows(canvasElement);
      const lastRow = rows[rows.length - 1];
      expect(lastRow).toHaveAttribute('aria-rowindex', String(clients.length + 1));
      expect(lastRow?.cells[2]?.textContent).toBe('–');
    });
  },
};

/** No clients yet: the empty-state slot spans the table and is not clickable. */
export const Empty: Story = {
  args: {
    data: [],
    emptyState: (
      <VStack gap="3">
        <Text>You have no clients yet.</Text>
        <Button variant="secondary">Invite client</Button>
      </VStack>
    ),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('You have no clients yet.'));
    await userEvent.click(canvas.getByRole('button', { name: 'Invite client' }));
    await expect(args.onRowClick).not.toHaveBeenCalled();
    await expect(dataRows(canvasElement)).toHaveLength(0);
  },
};

/** While the list loads: skeleton rows and a busy table. */
export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ args, canvasElement }) => {
    const table = canvasElement.querySelector('table');
    await expect(table).toHaveAttribute('aria-busy', 'true');
    const skeletons = canvasElement.querySelectorAll('tbody tr[data-kind="loading"]');
    await expect(skeletons).toHaveLength(5);
    await userEvent.click(skeletons[0] as HTMLElement);
    await expect(args.onRowClick).not.toHaveBeenCalled();
  },
};

/** Very long names are cut with an ellipsis; the full name is in the title. */
export const LongText: Story = {
  args: { data: longTextClients },
  play: async ({ canvasElement }) => {
    const name = within(canvasElement).getAllByTestId('client-name')[0] as HTMLElement;
    await expect(name).toHaveAttribute('title', fullName(longTextClients[0] as ClientRow));
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
  },
};

/** Averages above the data: a custom row that row clicks ignore. */
export const WithCustomRow: Story = {
  args: { customRow: { cells: averageCells(clients) } },
  play: async ({ args, canvasElement }) => {
    const customRow = canvasElement.querySelector('tbody tr[data-kind="custom"]') as HTMLElement;
    await expect(within(customRow).getByText('Average')).toBeVisible();
    await userEvent.click(customRow);
    await expect(args.onRowClick).not.toHaveBeenCalled();

    const secondRow = dataRows(canvasElement)[1] as HTMLTableRowElement;
    await userEvent.click(secondRow);
    await expect(args.onRowClick).toHaveBeenCalledTimes(1);
    await expect(args.onRowClick).toHaveBeenCalledWith(clients[1]);
  },
};

/** 10,000 clients: only the rows in view (and a margin) are in the DOM. */
export const ManyRows: Story = {
  args: { data: manyClients, height: '30rem' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-rowcount', '10001');
    await expect(canvasElement.querySelectorAll('tbody tr').length).toBeLessThanOrEqual(60);

    const region = canvas.getByRole('region', { name: 'My clients' });
    const lastName = fullName(manyClients[manyClients.length - 1] as ClientRow);
    // Scroll again while rows get measured: the true total height is only known at the end.
    await waitFor(() => {
      region.scrollTop = region.scrollHeight;
      const lastRow = canvas.getByTitle(lastName).closest('tr') as HTMLElement;
      expect(lastRow.getBoundingClientRect().bottom).toBeLessThanOrEqual(
        region.getBoundingClientRect().bottom + 1,
      );
    });
    await expect(canvasElement.querySelectorAll('tbody tr').length).toBeLessThanOrEqual(60);
  },
};

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Sorts by name both ways, then walks the rows with the keyboard: End, Home, arrows. */
async function sortAndWalk(canvasElement: HTMLElement, rows: readonly ClientRow[]) {
  const canvas = within(canvasElement);
  const names = rows.map(fullName).sort(collator.compare);
  const sortButton = canvas.getByRole('button', { name: 'Name/Surname' });
  await userEvent.click(sortButton);
  await expect(firstName(canvasElement)).toBe(names[0]);
  await userEvent.click(sortButton);
  await expect(header(canvasElement, 'Name/Surname')).toHaveAttribute('aria-sort', 'descending');
  await expect(firstName(canvasElement)).toBe(names[names.length - 1]);

  (dataRows(canvasElement)[0] as HTMLTableRowElement).focus();
  await userEvent.keyboard('{End}');
  const focusedRow = () => canvasElement.ownerDocument.activeElement as HTMLElement;
  await waitFor(() =>
    expect(focusedRow()).toHaveAttribute('aria-rowindex', String(rows.length + 1)),
  );
  await expect(within(focusedRow()).getByTestId('client-name')).toHaveTextContent(names[0] ?? '');
  await expect(focusedRow()).toBeVisible();
  await userEvent.keyboard('{ArrowUp}');
  await waitFor(() => expect(focusedRow()).toHaveAttribute('aria-rowindex', String(rows.length)));
  await userEvent.keyboard('{Home}');
  await waitFor(() => expect(focusedRow()).toHaveAttribute('aria-rowindex', '2'));
  await userEvent.keyboard('{ArrowDown}');
  await waitFor(() => expect(focusedRow()).toHaveAttribute('aria-rowindex', '3'));
  await expect(canvasElement.querySelectorAll('tbody tr').length).toBeLessThanOrEqual(60);
}

/** 40 clients: under 100 rows every row is rendered; sorting and the keyboard reach them all. */
export const FortyRows: Story = {
  args: { data: fortyClients, height: '30rem' },
  play: async ({ canvasElement }) => {
    await expect(dataRows(canvasElement)).toHaveLength(40);
    await sortAndWalk(canvasElement, fortyClients);
  },
};

/** 10,000 clients sorted and walked with the keyboard: End reaches the last row, few rendered. */
export const TenThousandRows: Story = {
  args: { data: manyClients, height: '30rem' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table')).toHaveAttribute(
      'aria-rowcount',
      '10001',
    );
    await sortAndWalk(canvasElement, manyClients);
  },
};

/** In a narrow container the table scrolls sideways; the header stays readable. */
export const Narrow: Story = {
  parameters: { width: '20rem' },
};

/** In a 60rem container the columns share the width; no sideways scroll. */
export const Wide: Story = {
  parameters: { width: '60rem' },
};

/** Sorting and opening a client with the keyboard only. */
export const KeyboardSort: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const sortButton = canvas.getByRole('button', { name: 'Name/Surname' });
    const sortedNames = clients
      .map(fullName)
      .sort(new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }).compare);

    // The scroll region is the first tab stop, the first header button the second.
    await userEvent.tab();
    await userEvent.tab();
    await expect(sortButton).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(header(canvasElement, 'Name/Surname')).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstName(canvasElement)).toBe(sortedNames[0]);

    await userEvent.keyboard(' ');
    await expect(header(canvasElement, 'Name/Surname')).toHaveAttribute('aria-sort', 'descending');

    const firstRow = dataRows(canvasElement)[0] as HTMLTableRowElement;
    firstRow.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowClick).toHaveBeenCalledTimes(1);
    await expect(args.onRowClick).toHaveBeenCalledWith(
      clients.find((client) => fullName(client) === sortedNames[sortedNames.length - 1]),
    );
  },
};

/**
 * The header's sort buttons hovered (the label darkens to the text colour) and focused by keyboard
 * (the accent ring outside the button): 'Name/Surname' hovered, the next header focused.
 */
export const HeaderHoverAndFocus: Story = {
  args: { data: clients.slice(0, 4) },
  play: async ({ canvasElement }) => {
    const [hovered, focused] = within(canvasElement)
      .getAllByRole('columnheader')
      .flatMap((cell) => within(cell).queryAllByRole('button'));
    await expect(hovered).toHaveAccessibleName('Name/Surname');
    showState(hovered, 'hover');
    showState(focused, 'focus-visible');
  },
};
