// A plain TanStack Table 9 + TanStack Virtual page: a virtualised HTML table, inline styles.
import {
  type ColumnDef,
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFns,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { type BenchRow, benchColumns, createBenchRows, rowCountFromUrl } from '../../data.ts';

const rows = createBenchRows(rowCountFromUrl());
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns,
});
const helper = createColumnHelper<typeof features, BenchRow>();
const columns = benchColumns.map((column) =>
  helper.accessor(column.id, {
    header: column.header,
    // `text` for the names: several times faster than the default alphanumeric sort.
    sortFn: column.id === 'name' ? 'text' : 'basic',
    sortUndefined: 'last',
  }),
) as ColumnDef<typeof features, BenchRow>[];

window.benchTargets = {
  firstCell: 'tbody tr[data-index="0"] td',
  sortTarget: 'thead th:first-child',
  rows: 'tbody tr[data-index]',
};

function Grid() {
  const table = useTable(
    {
      features,
      columns,
      data: rows,
      getRowId: (row) => row.id,
      enableSortingRemoval: false,
      enableMultiSort: false,
    },
    (state) => ({ sorting: state.sorting }),
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const modelRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 35,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <div ref={scrollRef} style={{ height: 800, overflow: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', tableLayout: 'fixed', width: '100%' }}>
        <thead style={{ position: 'sticky', top: 0, background: 'white' }}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header, index) => (
                <th
                  key={header.id}
                  style={{
                    width: benchColumns[index]?.width,
                    cursor: 'pointer',
                    textAlign: 'left',
                    padding: 8,
                  }}
                  onClick={header.column.getToggleSortingHandler()}
                >
                  <table.FlexRender header={header} />
                  {{ asc: ' ▲', desc: ' ▼' }[header.column.getIsSorted() as string] ?? ''}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {top > 0 ? <tr style={{ height: top }} /> : null}
          {items.map((item) => {
            const row = modelRows[item.index];
            if (!row) return null;
            return (
              <tr key={row.id} data-index={item.index} style={{ height: 35 }}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} style={{ padding: 8, borderBottom: '1px solid #ddd' }}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
          {bottom > 0 ? <tr style={{ height: bottom }} /> : null}
        </tbody>
      </table>
    </div>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<Grid />);
