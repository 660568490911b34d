import { LoadingPlaceholder } from '@coach/ui';
import type { i18n as I18n } from 'i18next';
import { Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { CoachApiProvider, SessionSyncEffect } from './core/session/index.ts';
import { DeferredToasts } from './core/toasts/index.ts';
import { AppRoutes } from './routes/AppRoutes.tsx';
import { CoachScreenSizeGate } from './routes/CoachScreenSizeGate.tsx';
import { createStore, Provider as JotaiProvider, type Store } from './state/jotai.ts';

export type AppProps = {
  i18n: I18n;
  /** The jotai store; a new one by default. */
  store?: Store;
};

/**
 * The whole app: i18n, state, the API client, the router, the screen-size rules, the session and
 * the routes, and the toasts (loaded after the sign-in screen). The screen-size rules spare the
 * public invite page.
 */
export function App({ i18n, store }: AppProps) {
  const [appStore] = useState(() => store ?? createStore());
  // No design-system provider here: the first route's components are static, and the ones that
  // need Chakra's runtime bring its provider with their code (core/designSystem, decision 83).
  return (
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={appStore}>
        <CoachApiProvider>
          <SessionSyncEffect />
          {/* The translations load over HTTP: a placeholder until they are in. */}
          <Suspense fallback={<LoadingPlaceholder variant="screen" padding="10" />}>
            <BrowserRouter>
              <CoachScreenSizeGate>
                <AppRoutes />
              </CoachScreenSizeGate>
              <DeferredToasts />
            </BrowserRouter>
          </Suspense>
        </CoachApiProvider>
      </JotaiProvider>
    </I18nextProvider>
  );
}
