import { type KeyboardEvent, type RefObject, useEffect } from 'react';

const dataRowSelector = 'tr[data-kind="data"]';

const isEditable = (element: Element | null) =>
  element instanceof HTMLElement &&
  (element.isContentEditable ||
    element.closest('input, textarea, select, [role="combobox"]') !== null);

/** The data row beside `row` (rendered: the virtualised table keeps a few rows around the view). */
function siblingRow(row: Element, step: 1 | -1): HTMLElement | null {
  let next = step === 1 ? row.nextElementSibling : row.previousElementSibling;
  while (next && !next.matches(dataRowSelector)) {
    next = step === 1 ? next.nextElementSibling : next.previousElementSibling;
  }
  return next as HTMLElement | null;
}

const stepOfKey: Partial<Record<string, 1 | -1>> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };

/**
 * Moves focus between table rows with the arrow keys or j/k (Tab and Enter are the rows' own).
 * Put the handler on an element around the table.
 */
export function handleRowArrowKeys(event: KeyboardEvent<HTMLElement>) {
  const step = stepOfKey[event.key];
  const target = event.target as Element;
  if (!step || event.altKey || event.ctrlKey || event.metaKey || !target.matches(dataRowSelector)) {
    return;
  }
  const next = siblingRow(target, step);
  event.preventDefault();
  next?.focus();
  next?.scrollIntoView({ block: 'nearest' });
}

/** '/' anywhere outside a text field focuses the search field (as in Gmail, GitHub). */
export function useSlashFocuses(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const handleKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isEditable(document.activeElement) || !input.current) return;
      event.preventDefault();
      input.current.focus();
      input.current.select();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [input]);
}
