import { LoadingPlaceholder } from '@coach/ui';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary.tsx';
import { SCREEN_LOAD_TIMEOUT_MS, withTimeout } from './withTimeout.ts';

/**
 * A screen's code, loaded on demand; `preload` fetches it ahead of the first show (e.g. the
 * clients screen while the coach types their password); `reload` starts afresh after a failure.
 */
export type ScreenLoader = {
  /** The screen: the component itself once its code is in (no suspense), else a lazy one. */
  get(): ComponentType | LazyExoticComponent<ComponentType>;
  preload(): void;
  reload(): void;
};

export type LazyScreenOptions = {
  /** The longest the code may take; 120 s by default. */
  timeoutMs?: number;
};

type ScreenModule = { default: ComponentType };

/**
 * Declares a screen whose code loads on demand (`React.lazy`), failing after the time limit.
 * Shared by every mount: once loaded (shown or preloaded), the screen renders without suspending.
 */
export function lazyScreen(
  load: () => Promise<ScreenModule>,
  { timeoutMs = SCREEN_LOAD_TIMEOUT_MS }: LazyScreenOptions = {},
): ScreenLoader {
  let loaded: ComponentType | null = null;
  const keep = (module: ScreenModule) => {
    loaded = module.default;
    return module;
  };
  const create = () => lazy(() => withTimeout(load(), timeoutMs).then(keep));
  let component = create();
  let isPreloading = false;
  return {
    get: () => loaded ?? component,
    // The browser keeps the fetched module: the screen's own load then finds it there. A failed
    // preload may be tried again; the screen's own load shows a failure with a retry.
    preload: () => {
      if (isPreloading || loaded) return;
      isPreloading = true;
      load()
        .then(keep)
        .catch(() => {
          isPreloading = false;
        });
    },
    // React.lazy keeps a failure for good: a retry needs a fresh one.
    reload: () => {
      component = create();
    },
  };
}

function ScreenLoading() {
  const { t } = useTranslation();
  return <LoadingPlaceholder variant="screen" label={t('app.loading')} />;
}

export type LazyScreenProps = {
  screen: ScreenLoader;
  /**
   * While the code loads, leave the placeholder to the page (the nearest Suspense above, the
   * layout included) instead of showing one in the layout: for a screen in a card, which then
   * appears once, at its size, instead of growing or shrinking under the coach (layout shift).
   */
  isLoadedWithLayout?: boolean;
};

/**
 * Shows a lazy screen behind a loading placeholder. A failed load, or one slower than its time
 * limit, shows an error with a retry instead, never a blank page.
 */
export function LazyScreen({ screen, isLoadedWithLayout = false }: LazyScreenProps) {
  const [attempt, setAttempt] = useState(0);
  // One component per attempt: the loaded one must not replace the lazy one under a mounted
  // screen (a new type would remount it and lose what the coach typed).
  const [Screen, setScreen] = useState(() => screen.get());
  const handleRetry = () => {
    screen.reload();
    setScreen(() => screen.get());
    setAttempt((previous) => previous + 1);
  };
  return (
    <ScreenErrorBoundary key={attempt} onRetry={handleRetry}>
      {isLoadedWithLayout ? (
        <Screen />
      ) : (
        <Suspense fallback={<ScreenLoading />}>
          <Screen />
        </Suspense>
      )}
    </ScreenErrorBoundary>
  );
}
