// The SortableTable of @coach/ui (sources, as the app builds it) with the Coach look, on the
// benchmark's shared rows, alone: its styles are static (decision 83), so the page has the
// library's stylesheet and no Chakra provider. Beside the page under the app's whole provider
// (table-ours-full), it shows what the provider's start costs the first row.
import '@coach/ui/global.css';
import { SortableTable } from '@coach/ui';
import { createRoot } from 'react-dom/client';
import { createBenchRows, rowCountFromUrl } from '../table-grids/data.ts';
import { oursColumns as columns, oursTargets } from '../table-ours-full/oursTable.ts';

const rows = createBenchRows(rowCountFromUrl());

window.benchTargets = oursTargets;

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
