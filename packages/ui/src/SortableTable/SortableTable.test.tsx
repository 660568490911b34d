import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CoachUiProvider } from '../theme/index.ts';
import { SortableTable } from './SortableTable.tsx';
import type { SortableTableColumn, SortableTableProps } from './types.ts';

type Client = { id: string; name: string; sessions: number | null };

const columns: SortableTableColumn<Client>[] = [
  { id: 'name', header: 'Name', sortValue: (client) => client.name },
  {
    id: 'sessions',
    header: 'Sessions',
    sortValue: (client) => client.sessions,
    sortType: 'number',
    align: 'end',
  },
];

const clients: Client[] = [
  { id: 'c1', name: 'Bea', sessions: 4 },
  { id: 'c2', name: 'adam', sessions: 12 },
  { id: 'c3', name: 'Célia', sessions: null },
];

type TestProps = Partial<SortableTableProps<Client>>;

const renderTable = (props: TestProps = {}) => {
  const allProps: SortableTableProps<Client> = {
    data: clients,
    columns,
    getRowId: (client) => client.id,
    'aria-label': 'Clients',
    ...props,
  };
  const view = render(
    <CoachUiProvider>
      <SortableTable {...allProps} />
    </CoachUiProvider>,
  );
  const rerender = (next: TestProps) =>
    view.rerender(
      <CoachUiProvider>
        <SortableTable {...allProps} {...next} />
      </CoachUiProvider>,
    );
  return { ...view, rerender };
};

const dataRows = () => document.querySelectorAll<HTMLTableRowElement>('tbody tr[data-kind="data"]');
const firstColumn = () => [...dataRows()].map((row) => row.cells[0]?.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name });

describe('SortableTable', () => {
  it('keeps the order of data until a header is used', () => {
    renderTable();
    expect(firstColumn()).toEqual(['Bea', 'adam', 'Célia']);
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
  });

  it('applies the initial sort', () => {
    renderTable({ initialSort: { columnId: 'sessions', direction: 'desc' } });
    expect(firstColumn()).toEqual(['adam', 'Bea', 'Célia']);
    expect(header('Sessions')).toHaveAttribute('aria-sort', 'descending');
  });

  it('toggles the order and aria-sort on header clicks: asc, desc, asc', async () => {
    const user = userEvent.setup({ delay: null });
    const onSortChange = vi.fn();
    renderTable({ onSortChange });
    const button = within(header('Name')).getByRole('button', { name: 'Name' });

    await user.click(button);
    expect(firstColumn()).toEqual(['adam', 'Bea', 'Célia']);
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'name', direction: 'asc' });

    await user.click(button);
    expect(firstColumn()).toEqual(['Célia', 'Bea', 'adam']);
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');

    await user.click(button);
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts with Enter on a focused header button and keeps nulls last', async () => {
    const user = userEvent.setup({ delay: null });
    renderTable();
    within(header('Sessions')).getByRole('button').focus();

    await user.keyboard('{Enter}');
    expect(firstColumn()).toEqual(['Bea', 'adam', 'Célia']);
    expect(header('Sessions')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');

    await user.keyboard(' ');
    expect(firstColumn()).toEqual(['adam', 'Bea', 'Célia']);
    expect(header('Sessions')).toHaveAttribute('aria-sort', 'descending');
  });

  it('calls onRowClick with the row on click and on Enter on a focused row', async () => {
    const user = userEvent.setup({ delay: null });
    const onRowClick = vi.fn();
    renderTable({ onRowClick });

    await user.click(screen.getByText('adam'));
    expect(onRowClick).toHaveBeenCalledWith(clients[1]);

    const row = screen.getByText('Célia').closest('tr');
    expect(row).toHaveAttribute('tabindex', '0');
    // Focusing a row moves the table's own focused row (state): inside act, as an event would be.
    act(() => row?.focus());
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(clients[2]);
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('leaves clicks on a button inside a cell to that button', async () => {
    const user = userEvent.setup({ delay: null });
    const onRowClick = vi.fn();
    const onMessage = vi.fn();
    const withAction: SortableTableColumn<Client>[] = [
      ...columns,
      {
        id: 'actions',
        header: 'Actions',
        cell: () => (
          <button type="button" onClick={onMessage}>
            Message
          </button>
        ),
      },
    ];
    renderTable({ onRowClick, columns: withAction });
    await user.click(screen.getAllByRole('button', { name: 'Message' })[0] as HTMLElement);
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onRowClick).not.toHaveBeenCalled();
    expect(header('Actions')).not.toHaveAttribute('aria-sort');
  });

  it('makes rows focusable only when onRowClick is given', () => {
    renderTable();
    for (const row of dataRows()) expect(row).not.toHaveAttribute('tabindex');
  });

  it('never calls onRowClick from the custom row or the empty state', async () => {
    const user = userEvent.setup({ delay: null });
    const onRowClick = vi.fn();
    const { rerender } = renderTable({ onRowClick, customRow: 'Invite a client' });

    await user.click(screen.getByText('Invite a client'));
    expect(onRowClick).not.toHaveBeenCalled();

    rerender({ data: [], emptyState: 'No clients yet' });
    await user.click(screen.getByText('No clients yet'));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('renders custom row cells under their columns and counts every row', () => {
    renderTable({ customRow: { cells: { name: 'Average', sessions: '8' } } });
    const table = screen.getByRole('table', { name: 'Clients' });
    expect(table).toHaveAttribute('aria-rowcount', '5');
    const custom = document.querySelector('tbody tr[data-kind="custom"]');
    expect(custom?.children).toHaveLength(2);
    expect(dataRows()[0]).toHaveAttribute('aria-rowindex', '3');
  });

  it('shows skeleton rows and aria-busy while loading', () => {
    renderTable({ isLoading: true, loadingRowCount: 3 });
    expect(screen.getByRole('table', { hidden: true })).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelectorAll('tbody tr[data-kind="loading"]')).toHaveLength(3);
    expect(dataRows()).toHaveLength(0);
  });

  it('renders at most 60 rows of 10,000', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      id: `c${index}`,
      name: `Client ${index + 1}`,
      sessions: index,
    }));
    renderTable({ data: many, height: '30rem' });
    const rows = document.querySelectorAll('tbody tr');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(60);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '10001');
    expect(firstColumn()[0]).toBe('Client 1');
  });

  it('reads no row height while mounting, so the first paint needs one layout', () => {
    // A row's size comes from the ResizeObserver after the browser's own layout; reading it in
    // the commit would force an extra layout before the first row shows.
    const reads = vi.fn();
    const spy = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      if (this.matches('tr')) reads();
      return 0;
    });
    const rect = vi.spyOn(HTMLTableRowElement.prototype, 'getBoundingClientRect');
    const many = Array.from({ length: 1000 }, (_, index) => ({
      id: `c${index}`,
      name: `Client ${index + 1}`,
      sessions: index,
    }));
    renderTable({ data: many, height: '30rem' });
    expect(firstColumn()[0]).toBe('Client 1');
    expect(reads).not.toHaveBeenCalled();
    expect(rect).not.toHaveBeenCalled();
    spy.mockRestore();
    rect.mockRestore();
  });

  it('renders the rows scrolled into view', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      id: `c${index}`,
      name: `Client ${index + 1}`,
      sessions: index,
    }));
    renderTable({ data: many, height: '30rem', estimatedRowHeight: 50 });
    const region = screen.getByRole('region', { name: 'Clients' });
    // jsdom does not lay out: position the scroll by hand, as a browser would after a scroll.
    Object.defineProperty(region, 'scrollTop', { configurable: true, value: 50 * 5000 });
    fireEvent.scroll(region);
    expect(await screen.findByText('Client 5001')).toBeInTheDocument();
    expect(screen.queryByText('Client 1')).not.toBeInTheDocument();
    expect(document.querySelectorAll('tbody tr').length).toBeLessThanOrEqual(60);
  });

  it('keeps a pinned column at the start edge, header and cells, above the others', () => {
    const pinned = [{ ...columns[0], id: 'name', header: 'Name', isPinned: true }, columns[1]];
    renderTable({ columns: pinned as SortableTableColumn<Client>[], customRow: { cells: {} } });
    const cells = [
      header('Name'),
      document.querySelector('tbody tr[data-kind="custom"] td') as HTMLElement,
      dataRows()[0]?.cells[0] as HTMLElement,
    ];
    for (const cell of cells) expect(getComputedStyle(cell).position).toBe('sticky');
    expect(getComputedStyle(header('Name')).zIndex).toBe('2');
    expect(getComputedStyle(header('Sessions')).zIndex).toBe('1');
    expect(getComputedStyle(dataRows()[0]?.cells[1] as HTMLElement).position).not.toBe('sticky');
  });

  it('does not recompute sort values when re-rendered without new data', () => {
    const sortValue = vi.fn((client: Client) => client.name);
    const spiedColumns = [{ ...columns[0], id: 'name', header: 'Name', sortValue }];
    const { rerender } = renderTable({
      columns: spiedColumns,
      initialSort: { columnId: 'name', direction: 'asc' },
    });
    // Once per row to sort, once per rendered row to show the value (no `cell` given).
    const calls = sortValue.mock.calls.length;
    expect(calls).toBe(2 * clients.length);
    rerender({ columns: spiedColumns, 'aria-label': 'Clients again' });
    expect(sortValue).toHaveBeenCalledTimes(calls);
  });

  it('moves focus through all 10,000 rows with the keyboard, rendering few of them', async () => {
    const user = userEvent.setup({ delay: null });
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      id: `c${index}`,
      name: `Client ${index + 1}`,
      sessions: index,
    }));
    const outerKeyDown = vi.fn();
    render(
      <CoachUiProvider>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a handler around the table, as the app has */}
        <div onKeyDown={outerKeyDown}>
          <SortableTable
            data={many}
            columns={columns}
            getRowId={(client) => client.id}
            aria-label="Clients"
            height="30rem"
            onRowClick={() => {}}
            initialSort={{ columnId: 'sessions', direction: 'desc' }}
          />
        </div>
      </CoachUiProvider>,
    );
    const focused = () => document.activeElement as HTMLElement;
    act(() => dataRows()[0]?.focus());
    expect(focused()).toHaveTextContent('Client 10000');

    await user.keyboard('{End}');
    expect(focused()).toHaveAttribute('aria-rowindex', '10001');
    expect(focused()).toHaveTextContent('Client 1');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toHaveAttribute('aria-rowindex', '10000');
    expect(focused()).toHaveTextContent('Client 2');
    await user.keyboard('{Home}{ArrowDown}');
    expect(focused()).toHaveAttribute('aria-rowindex', '3');
    expect(focused()).toHaveTextContent('Client 9999');
    // Handled by the table: a handler around it (the app's j/k) must not move focus again.
    expect(outerKeyDown).not.toHaveBeenCalled();
    expect(document.querySelectorAll('tbody tr[data-kind="data"]').length).toBeLessThanOrEqual(60);
  });

  it('renders every row of a table under 100 rows', () => {
    const forty = Array.from({ length: 40 }, (_, index) => ({
      id: `c${index}`,
      name: `Client ${index + 1}`,
      sessions: index,
    }));
    renderTable({ data: forty, height: '10rem' });
    expect(dataRows()).toHaveLength(40);
    expect(document.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(0);
  });
});
