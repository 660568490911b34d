import { runWhenIdle } from '@coach/ui';
import { createContext, useContext, useEffect } from 'react';

/**
 * Starts loading the code of the screen at a route path (one of `paths`) ahead of its first show,
 * e.g. the clients screen while the coach types their password.
 */
export type PreloadScreen = (path: string) => void;

// The routes provide it: a feature names the path it is about to open, never the router's table.
// Without a provider (a screen rendered alone, in a test or a story) nothing is preloaded.
const PreloadScreenContext = createContext<PreloadScreen>(() => {});

/** Provides what `usePreloadScreen` returns; `routes/` provides its screens' loaders. */
export const PreloadScreenProvider = PreloadScreenContext.Provider;

/** The function that starts loading the screen at a route path. */
export function usePreloadScreen(): PreloadScreen {
  return useContext(PreloadScreenContext);
}

/**
 * Loads the code of the screen at `path` once `isReady` and the browser is idle: the screen a
 * coach opens next (a client's profile from My clients) then costs its data on the click, not its
 * code as well. Never before the current screen has painted what it waited for.
 */
export function usePreloadScreenWhenIdle(path: string, isReady: boolean): void {
  const preloadScreen = usePreloadScreen();
  useEffect(() => {
    if (!isReady) return;
    // One step, in the first idle period (a timer where the browser has none, Safari).
    return runWhenIdle(() => {
      preloadScreen(path);
      return false;
    });
  }, [path, isReady, preloadScreen]);
}
