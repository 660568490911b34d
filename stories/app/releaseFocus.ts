/**
 * Takes the keyboard focus off whatever holds it, before a snapshot: whether a button keeps its
 * focus ring after a request (or a suggestion list stays open) depends on timing, and must not
 * decide the picture.
 */
export function releaseFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}
