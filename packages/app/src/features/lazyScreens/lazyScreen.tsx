import { LoadingPlaceholder } from '@coach/ui';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary.tsx';
import { SCREEN_LOAD_TIMEOUT_MS, withTimeout } from './withTimeout.ts';

/** A screen's code, loaded on demand; `reload` starts afresh after a failure. */
export type ScreenLoader = {
  get(): LazyExoticComponent<ComponentType>;
  reload(): void;
};

export type LazyScreenOptions = {
  /** The longest the code may take; 120 s by default. */
  timeoutMs?: number;
};

/**
 * Declares a screen whose code loads on demand (`React.lazy`), failing after the time limit.
 * Shared by every mount: once loaded, showing the screen again does not suspend.
 */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  { timeoutMs = SCREEN_LOAD_TIMEOUT_MS }: LazyScreenOptions = {},
): ScreenLoader {
  const create = () => lazy(() => withTimeout(load(), timeoutMs));
  let component = create();
  return {
    get: () => component,
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
};

/**
 * Shows a lazy screen behind a loading placeholder. A failed load, or one slower than its time
 * limit, shows an error with a retry instead, never a blank page.
 */
export function LazyScreen({ screen }: LazyScreenProps) {
  const [attempt, setAttempt] = useState(0);
  const handleRetry = () => {
    screen.reload();
    setAttempt((previous) => previous + 1);
  };
  const Screen = screen.get();
  return (
    <ScreenErrorBoundary key={attempt} onRetry={handleRetry}>
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
