// The SortableTable of @coach/ui (sources, as the app builds it) with the Coach look, on the
// benchmark's shared rows, alone: its styles are static (decision 83), so the page has the
// library's stylesheet and no Chakra provider. Beside the page under the app's whole provider
// (table-ours-full), it shows what the provider's start costs the first row.
import '@coach/ui/global.css';
import { SortableTable, type SortableTableColumn } from '@coach/ui';
import { createRoot } from 'react-dom/client';
import {
  type BenchRow,
  benchColumns,
  createBenchRows,
  rowCountFromUrl,
} from '../table-grids/data.ts';

const rows = createBenchRows(rowCountFromUrl());
const columns: SortableTableColumn<BenchRow>[] = benchColumns.map((column) => ({
  id: column.id,
  header: column.header,
  width: `${column.width}px`,
  sortValue: (row: BenchRow) => row[column.id],
  sortType: column.id === 'name' ? 'text' : 'number',
}));

window.benchTargets = {
  firstCell: 'tbody tr[data-kind="data"][data-index="0"] td',
  sortTarget: 'thead th:first-child button',
  rows: 'tbody tr[data-kind="data"]',
};

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <SortableTable
      data={rows}
      columns={columns}
      getRowId={(row) => row.id}
      aria-label="Clients"
      height="800px"
      maxHeight="800px"
      estimatedRowHeight={45}
      onRowClick={() => {}}
    />,
  );
}
