import { expect, waitFor, within } from 'storybook/test';

/** The table once loaded, and its parts. */
export async function clientsTable(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const table = await canvas.findByRole('table', { name: 'Clients' });
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  return { canvas, table };
}

/** The data rows in their order. */
export const dataRows = (canvasElement: HTMLElement) => [
  ...canvasElement.querySelectorAll<HTMLTableRowElement>('tbody tr[data-kind="data"]'),
];

/** The full names of the data rows, in order (a name cell's first paragraph). */
export const rowNames = (canvasElement: HTMLElement) =>
  dataRows(canvasElement).map((row) => row.cells[0]?.querySelector('p')?.textContent ?? '');
