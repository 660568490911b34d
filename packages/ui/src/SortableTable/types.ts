import type { ReactNode } from 'react';

/** Direction of a sorted column. Sorting cycles asc -> desc -> asc; it is never removed. */
export type SortableTableSortDirection = 'asc' | 'desc';

/** How a column compares its sort values: locale-aware text or plain numbers. */
export type SortableTableSortType = 'text' | 'number';

/** The value a column sorts by. `null` and `undefined` always sort last, in both directions. */
export type SortableTableSortValue = string | number | null | undefined;

/** Which column the table is sorted by, and in which direction. */
export type SortableTableSort = {
  columnId: string;
  direction: SortableTableSortDirection;
};

/** Horizontal alignment of a column's header and cells. */
export type SortableTableAlign = 'start' | 'center' | 'end';

/** One column of a `SortableTable`. */
export type SortableTableColumn<T> = {
  /** Stable id, used by `initialSort`, `onSortChange` and custom row cells. */
  id: string;
  /** Header content; it is also the accessible name of the sort button. */
  header: ReactNode;
  /** The value the column sorts by; also rendered as text when `cell` is not given. */
  sortValue?: (row: T) => SortableTableSortValue;
  /** Rich cell content (avatar, bar, badge...). Defaults to the sort value as text. */
  cell?: (row: T) => ReactNode;
  /** `text` (default) compares with a case- and accent-insensitive collator; `number` numerically. */
  sortType?: SortableTableSortType;
  /** Defaults to true when `sortValue` is given. */
  isSortable?: boolean;
  /** CSS width of the column, e.g. `'14rem'` or `'20%'`. The table uses a fixed layout. */
  width?: string;
  /** Defaults to `start`. */
  align?: SortableTableAlign;
  /**
   * Keeps the column at the start edge while the table scrolls sideways (a name column that
   * must stay readable when the table is wider than its container). Use on the first column.
   */
  isPinned?: boolean;
};

/**
 * A row at the top of the body that is not data: either free content spanning every column
 * (an invite prompt) or one cell per column id (averages).
 */
export type SortableTableCustomRow = ReactNode | { cells: Partial<Record<string, ReactNode>> };

/** Tooltip texts of the sort buttons, telling what a click will do; English defaults. */
export type SortableTableSortLabels = {
  /** Default 'Sort ascending'. */
  sortAscending: string;
  /** Default 'Sort descending'. */
  sortDescending: string;
};

/** Props of `SortableTable`. */
export type SortableTableProps<T> = {
  /**
   * The rows, objects of any shape the columns read (a client, an invite...). Keep the reference
   * stable: a new array means new row models and a new sort.
   */
  data: readonly T[];
  /**
   * The columns, in order. Each one (`SortableTableColumn<T>`): `id` (stable, used by
   * `initialSort`, `onSortChange` and custom row cells), `header` (its content names the sort
   * button), `sortValue(row)` (what it sorts by, shown as text without `cell`), `cell(row)` (rich
   * content), `sortType` (`text`, the default, or `number`), `isSortable` (true when `sortValue`
   * is given), `width` (CSS, e.g. `'14rem'`), `align` (`start`, `center` or `end`) and `isPinned`
   * (kept at the start edge while the table scrolls sideways). Keep the reference stable (define
   * outside the component or memoise).
   */
  columns: readonly SortableTableColumn<T>[];
  /** Stable id of a row (the React key). */
  getRowId: (row: T) => string;
  /** Sort applied on mount. Without it rows keep the order of `data` until a header is used. */
  initialSort?: SortableTableSort;
  /** Called after the user sorts by a header. */
  onSortChange?: (sort: SortableTableSort) => void;
  /** Shown in a full-width cell when `data` is empty (and not loading). */
  emptyState?: ReactNode;
  /** An extra, never clickable row above the data rows. */
  customRow?: SortableTableCustomRow;
  /** Makes data rows focusable; click or Enter on a data row calls it with that row. */
  onRowClick?: (row: T) => void;
  /** Shows skeleton rows and marks the table busy. */
  isLoading?: boolean;
  /** Number of skeleton rows while loading. Default 5. */
  loadingRowCount?: number;
  /** Height of the scroll container (CSS length). */
  height?: string;
  /** Maximum height of the scroll container. Default `'40rem'` so that virtualisation has a viewport. */
  maxHeight?: string;
  /** Visible table caption; also names the table and its scroll region. */
  caption?: ReactNode;
  /** Accessible name when there is no visible caption. */
  'aria-label'?: string;
  /** Locale of the text collator (e.g. the app's language). Default: the runtime's locale. */
  locale?: string;
  /** Sort button tooltips; merged over English defaults. */
  sortLabels?: Partial<SortableTableSortLabels>;
  /** Estimated data row height in CSS pixels, for the virtualiser before rows are measured. */
  estimatedRowHeight?: number;
};
