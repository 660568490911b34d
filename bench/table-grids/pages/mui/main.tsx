// MUI X DataGrid, the free (MIT) edition: its pages hold at most 100 rows, a limit of that
// edition; sorting still sorts every row.
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { createRoot } from 'react-dom/client';
import { type BenchRow, benchColumns, createBenchRows, rowCountFromUrl } from '../../data.ts';

const rows = createBenchRows(rowCountFromUrl());
const columns: GridColDef<BenchRow>[] = benchColumns.map((column) => ({
  field: column.id,
  headerName: column.header,
  width: column.width,
  type: column.id === 'name' ? 'string' : 'number',
}));

window.benchTargets = {
  firstCell: '.MuiDataGrid-row[data-rowindex="0"] .MuiDataGrid-cell[data-field="name"]',
  sortTarget: '.MuiDataGrid-columnHeader[data-field="name"]',
  rows: '.MuiDataGrid-row',
};

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <div style={{ height: 800 }}>
      <DataGrid rows={rows} columns={columns} sortingOrder={['asc', 'desc']} />
    </div>,
  );
}
