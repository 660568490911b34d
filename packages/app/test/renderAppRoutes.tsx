import { coachPerson, createHandlers, fixtureTokens, type HandlersOptions } from '@coach/api/msw';
import userEvent from '@testing-library/user-event';
import type { SetupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { type AuthStatus, authStatusAtom, currentProfileAtom } from '../src/core/session/index.ts';
import { AppRoutes } from '../src/routes/AppRoutes.tsx';
import { createStore } from '../src/state/jotai.ts';
import { createTestApi } from './mockApi.ts';
import { renderWithProviders } from './renderWithProviders.tsx';

export type RenderAppRoutesOptions = {
  /** The MSW server the mocked services are added to. */
  server: SetupServer;
  /** The session's state; signed in, the demo coach with their stored tokens. */
  status: AuthStatus;
  /** The address the app starts at. */
  route: string;
  /** The mocked services' options (their state among them: see `mockBackend`). */
  handlers: HandlersOptions;
  /** Rendered beside the routes (a probe of the location, for one). */
  beside?: ReactNode;
};

/** The whole app's routes over the mocked services, as the app renders them after its start. */
export function renderAppRoutes({
  server,
  status,
  route,
  handlers,
  beside,
}: RenderAppRoutesOptions) {
  const store = createStore();
  store.set(authStatusAtom, status);
  if (status === 'signedIn') store.set(currentProfileAtom, coachPerson);
  server.use(...createHandlers(handlers));
  const { api, tokens } = createTestApi(status === 'signedIn' ? fixtureTokens.coach : undefined);
  renderWithProviders(
    <>
      <AppRoutes />
      {beside}
    </>,
    { api, tokens, store, route },
  );
  return { store, user: userEvent.setup({ delay: null }) };
}
