import { createHandlers, fixtureTokens } from '@coach/api/msw';
import { ToastContainer } from '@coach/ui';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { createTestApi, mockBackend } from './mockApi.ts';
import { renderWithProviders } from './renderWithProviders.tsx';

export type RenderOverMocksOptions = {
  /** The mocks' options (their clock, empty lists, failures...). */
  backend?: Parameters<typeof mockBackend>[0];
  /** Handlers that answer before the mocks. */
  first?: HttpHandler[];
  /** The app's language at the start: en-US by default. */
  language?: 'en-US' | 'es';
};

/**
 * Renders `element` with a ToastContainer beside it, as the signed-in demo coach on /clients,
 * over the mocks that `server` answers with (and `first` before them); answers the user events
 * and the mocks' state.
 */
export function renderOverMocks(
  server: SetupServer,
  element: ReactNode,
  options: RenderOverMocksOptions = {},
) {
  const backend = mockBackend(options.backend);
  server.use(...(options.first ?? []), ...createHandlers(backend.options));
  const { api, tokens } = createTestApi(fixtureTokens.coach);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      {element}
      <ToastContainer />
    </>,
    { api, tokens, route: '/clients', ...(options.language ? { language: options.language } : {}) },
  );
  return { user, state: backend.state };
}
