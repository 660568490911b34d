import { staticClass } from '../theme/staticStyles.ts';
import type { sortableTableStyles } from './SortableTable.styles.ts';

/** The class of a part of the table (SortableTable.styles.ts). */
export const tableClass = staticClass<typeof sortableTableStyles>;

/** The classes of a column's alignment: its cells' text, and a header button's content. */
export const alignClass = {
  start: tableClass('table-align-start'),
  center: tableClass('table-align-center'),
  end: tableClass('table-align-end'),
} as const;
