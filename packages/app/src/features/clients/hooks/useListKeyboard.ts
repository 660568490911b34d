import { type KeyboardEvent, type RefObject, useEffect } from 'react';
import { isShortcutKey, isTextEntry } from '../../../core/shortcuts/index.ts';

const dataRowSelector = 'tr[data-kind="data"]';

/** The data row beside `row` (rendered: the virtualised table keeps a few rows around the view). */
function siblingRow(row: Element, step: 1 | -1): HTMLElement | null {
  let next = step === 1 ? row.nextElementSibling : row.previousElementSibling;
  while (next && !next.matches(dataRowSelector)) {
    next = step === 1 ? next.nextElementSibling : next.previousElementSibling;
  }
  return next as HTMLElement | null;
}

/** The row a key moves to: the next (1), the previous (-1), or none. */
function stepOfKey(key: string): 1 | -1 | null {
  if (isShortcutKey('nextRow', key)) return 1;
  if (isShortcutKey('previousRow', key)) return -1;
  return null;
}

/**
 * Moves focus between table rows with the arrow keys or j/k, the shortcut table's row keys (Tab
 * and Enter are the rows' own).
 * Put the handler on an element around the table.
 */
export function handleRowArrowKeys(event: KeyboardEvent<HTMLElement>) {
  const step = stepOfKey(event.key);
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
      if (!isShortcutKey('search', event.key) || event.altKey || event.ctrlKey || event.metaKey) {
        return;
      }
      if (isTextEntry(document.activeElement) || !input.current) return;
      event.preventDefault();
      input.current.focus();
      input.current.select();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [input]);
}
