/**
 * Keeps a screen's Docs page still while its stories play. On the Docs page each story runs in a
 * frame of its own (`ownFrame()`), plays included, and a focus moved in a frame (a field typed
 * into, the first invalid field after a submit, the sign-in code field) scrolled the Docs page to
 * that frame: the page jumped from story to story as their frames loaded. In a Docs frame only,
 * the elements a screen focuses focus without scrolling; the story's own page (the canvas, the
 * test runner) focuses as the app does. The frame holds that one story, so nothing is undone.
 */
export function focusWithoutScrollInDocs(): void {
  if (!window.frameElement?.closest('.docs-story')) return;
  // Each kind's own prototype, not HTMLElement's: user-event replaces HTMLElement's focus with
  // its own (whenever it sets up), and every focus goes through that, looked up at each call.
  for (const kind of focusedKinds) {
    if (Object.hasOwn(kind.prototype, 'focus')) continue;
    Object.defineProperty(kind.prototype, 'focus', {
      configurable: true,
      writable: true,
      value(this: HTMLElement, options?: FocusOptions) {
        HTMLElement.prototype.focus.call(this, { ...options, preventScroll: true });
      },
    });
  }
}

const focusedKinds = [
  HTMLInputElement,
  HTMLButtonElement,
  HTMLTextAreaElement,
  HTMLSelectElement,
  HTMLAnchorElement,
  HTMLHeadingElement,
];
