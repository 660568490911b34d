// The SortableTable under the whole Coach system (`CoachUiProvider`: every recipe Coach uses),
// as in the app, where the other screens need them; table-ours has the same table on a trimmed
// system.
import '@coach/ui/global.css';
import { CoachUiProvider, SortableTable, type SortableTableColumn } from '@coach/ui';
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
    <CoachUiProvider>
      <SortableTable
        data={rows}
        columns={columns}
        getRowId={(row) => row.id}
        aria-label="Clients"
        height="800px"
        maxHeight="800px"
        estimatedRowHeight={45}
        onRowClick={() => {}}
      />
    </CoachUiProvider>,
  );
}
