/** Elements inside a cell that handle their own clicks and keys. */
export const INTERACTIVE_SELECTOR = 'a, button, input, select, textarea, label, [role="button"]';
export const DATA_ROW_SELECTOR = 'tr[data-kind="data"]';

/** The rendered data row at display `position` inside `body`, if it is rendered. */
export function dataRowAt(body: HTMLElement | null, position: number): HTMLElement | null {
  return body?.querySelector<HTMLElement>(`${DATA_ROW_SELECTOR}[data-index="${position}"]`) ?? null;
}

/** The display position of the data row holding `target`, or null outside the data rows. */
export function positionOf(target: EventTarget): number | null {
  const element = (target as Element).closest?.(DATA_ROW_SELECTOR) as HTMLElement | null;
  return element ? Number(element.dataset.index) : null;
}

/**
 * The element that scrolls the table whose body is `body`: the table's parent, as `SortableTable`
 * renders it. Found from the body, it is there when the body's own effects run, in the commit that
 * mounts the table (the parent's ref is set only after them).
 */
export function scrollElementOf(body: HTMLElement | null): HTMLDivElement | null {
  return (body?.closest('table')?.parentElement as HTMLDivElement | null | undefined) ?? null;
}

/** Scrolls `row` into the container's view, below the sticky header that would cover it. */
function revealRow(container: HTMLElement | null, row: HTMLElement) {
  if (!container) return;
  const view = container.getBoundingClientRect();
  const box = row.getBoundingClientRect();
  const headerHeight = container.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const top = view.top + headerHeight;
  if (box.top < top) container.scrollTop -= top - box.top;
  else if (box.bottom > view.top + container.clientHeight) {
    container.scrollTop += box.bottom - (view.top + container.clientHeight);
  }
}

/** Focuses `row` and scrolls it into view ourselves: the browser's scroll ignores the header. */
export function focusRow(row: HTMLElement, scrollElement: HTMLElement | null) {
  row.focus({ preventScroll: true });
  revealRow(scrollElement, row);
}
