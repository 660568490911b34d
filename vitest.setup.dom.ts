import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

afterEach(() => cleanup());

// The test files of a worker share one jsdom (see vitest.workspace.ts): what a file left in the
// page's globals goes before the next file starts, as a fresh environment would have it.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('style');
});

// A lazily loaded screen can take over the default second to appear on a loaded 2-core runner,
// and over 5 s on one twice as slow with the stories' browser beside it (a route's screen found
// 8.5 s after a sign-in): a wait's bound, which a passing test never reaches.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs that Chakra and the virtualiser use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
