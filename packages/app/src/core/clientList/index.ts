// The app core's client list: what features may import. The coach's clients with their figures,
// read once for every screen that shows or refreshes them (the list, a client's profile after a
// change) and started as a sign-in's session starts.
export { clientListAtom, prefetchClientListAtom } from './atoms/clientListAtom.ts';
// The list's rows (the attention verdict worked out) and the view that filters and orders them:
// the clients screen shows them, the attention queue walks them in the same order.
export { clientRowsLoadableAtom } from './atoms/clientRowsAtom.ts';
export {
  type ClientRow,
  completionColumns,
  followUpDueCount,
  indicatorAverages,
  indicatorColumns,
  isFollowUpDue,
  toClientRows,
} from './clientRows.ts';
export { clientSortColumns, rowsInViewOrder } from './listOrder.ts';
export {
  type ClientListView,
  filterRows,
  isFiltered,
  searchParamsOfView,
  viewFromSearchParams,
} from './listView.ts';
