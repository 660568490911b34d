import type { CoachApi, TokenStore } from '@coach/api';
import { CoachUiProvider } from '@coach/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { CoachApiProvider } from '../src/core/session/index.ts';
import { createStore, Provider as JotaiProvider, type Store } from '../src/state/jotai.ts';
import { createTestI18n } from './testI18n.ts';

export type RenderOptions = {
  api: CoachApi;
  tokens: TokenStore;
  store?: Store;
  route?: string;
  /** The app's language at the start (detected, say): en-US by default. */
  language?: 'en-US' | 'es';
};

/** Renders with the app's providers: design system, en-US texts, a store, the API, a router. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions) {
  const store = options.store ?? createStore();
  const result = render(
    <CoachUiProvider>
      <I18nextProvider i18n={createTestI18n(options.language)}>
        <JotaiProvider store={store}>
          <CoachApiProvider api={options.api} tokens={options.tokens}>
            <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
          </CoachApiProvider>
        </JotaiProvider>
      </I18nextProvider>
    </CoachUiProvider>,
  );
  return { ...result, store };
}
