import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { insertGlobalCss } from './packages/ui/src/theme/globalCss.ts';
import { loadCoachSystem } from './packages/ui/src/theme/providedSystem.ts';

afterEach(() => cleanup());

// The design system's global styles, as the app's stylesheet gives them (@coach/ui/global.css):
// jsdom loads no bundled CSS. Once per worker's document.
insertGlobalCss(document);

// The design system's code is a chunk the app loads before its first Chakra screen (see
// withDesignSystem); here it is loaded before any test renders, so none suspends for it.
await loadCoachSystem();

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
//
// A `findBy` query or a `waitFor` reruns its query at every DOM change and every 50 ms, and each
// miss built an error holding the whole page printed (about 4 % of a screen test's CPU), thrown
// away by the next try. Inside a wait (Testing Library marks it with
// `_disableExpensiveErrorDiagnostics`) a miss now carries the query's message only; the wait's
// last miss, the one a failing test shows, still prints the page, as does any miss outside a wait.
const defaultElementError = getConfig().getElementError;
configure({
  asyncUtilTimeout: 10_000,
  getElementError(message, container) {
    const config = getConfig() as ReturnType<typeof getConfig> & {
      _disableExpensiveErrorDiagnostics?: boolean;
    };
    if (!config._disableExpensiveErrorDiagnostics) return defaultElementError(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

// React's development build records an owner stack for every element it creates (an `Error`
// captured per element, up to 10,000 a second): about 14 % of a screen test's CPU. Tests read
// neither owner stacks nor the component stacks they add to React's warnings (which still name
// the component), so the count of recent stacks is held at React's ceiling, and React takes its
// shared placeholder stack instead. Where a React version has no such counter, nothing changes.
const reactInternals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && typeof reactInternals.recentlyCreatedOwnerStacks === 'number') {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    get: () => 10_000,
    set: () => {},
  });
}

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
