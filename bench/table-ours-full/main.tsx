// The SortableTable under the whole Coach system (`CoachUiProvider`: every recipe Coach uses),
// as in the app, where the other screens need them; table-ours has the same table without a
// provider.
import '@coach/ui/global.css';
import { CoachUiProvider, SortableTable } from '@coach/ui';
import { createRoot } from 'react-dom/client';
import { createBenchRows, rowCountFromUrl } from '../table-grids/data.ts';
import { oursColumns as columns, oursTargets } from './oursTable.ts';

const rows = createBenchRows(rowCountFromUrl());

window.benchTargets = oursTargets;

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
