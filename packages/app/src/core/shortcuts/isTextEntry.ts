/**
 * Whether the element takes typed text (a field, a select, an editable region): a one-key
 * shortcut must leave such an element's keys alone.
 */
export const isTextEntry = (element: Element | null) =>
  element instanceof HTMLElement &&
  (element.isContentEditable ||
    element.closest('input, textarea, select, [role="combobox"]') !== null);
