// AG Grid Community with its default theme (Quartz) and every community module, as its quick
// start sets it up; row animation off so a sort lands in one frame, as in the other pages.
import { AllCommunityModule, type ColDef, ModuleRegistry } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { createRoot } from 'react-dom/client';
import { type BenchRow, benchColumns, createBenchRows, rowCountFromUrl } from '../../data.ts';

ModuleRegistry.registerModules([AllCommunityModule]);

const rows = createBenchRows(rowCountFromUrl());
const columns: ColDef<BenchRow>[] = benchColumns.map((column) => ({
  field: column.id,
  headerName: column.header,
  width: column.width,
}));

window.benchTargets = {
  firstCell: '.ag-row[row-index="0"] [col-id="name"]',
  sortTarget: '.ag-header-cell[col-id="name"] .ag-header-cell-label',
  rows: '.ag-row',
};

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <div style={{ height: 800 }}>
      <AgGridReact
        rowData={rows}
        columnDefs={columns}
        defaultColDef={{ sortingOrder: ['asc', 'desc'] }}
        animateRows={false}
        getRowId={(params) => params.data.id}
      />
    </div>,
  );
}
