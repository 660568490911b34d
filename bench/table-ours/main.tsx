// The SortableTable of @coach/ui (sources, as the app builds it) with the Coach look, on the
// benchmark's shared rows, under a Chakra system trimmed to the table (tableSystem.ts).
import { ChakraProvider } from '@chakra-ui/react';
import { SortableTable, type SortableTableColumn } from '@coach/ui';
import { createRoot } from 'react-dom/client';
import {
  type BenchRow,
  benchColumns,
  createBenchRows,
  rowCountFromUrl,
} from '../table-grids/data.ts';
import { tableSystem } from './tableSystem.ts';

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
    <ChakraProvider value={tableSystem}>
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
    </ChakraProvider>,
  );
}
