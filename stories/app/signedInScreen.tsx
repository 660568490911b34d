import {
  createHandlers,
  createLiveEventsMock,
  createMockState,
  fixtureTokens,
  type LiveEventsMock,
  type MockState,
} from '@coach/api/msw';
import type { StoryContext } from '@storybook/react-vite';
import { SessionSyncEffect } from '../../packages/app/src/core/session/index.ts';
import { AppRoutes } from '../../packages/app/src/routes/AppRoutes.tsx';
import { withAppRootFontSize } from './withAppRootFontSize.tsx';
import { withCoachApi } from './withCoachApi.tsx';

/** What sets a signed-in app's story apart from a screen's (on unless told). */
export type SignedInScreenOptions = {
  /** The root font size the app sets at the story's width (`withAppRootFontSize`). */
  appRootFontSize?: boolean;
};

/**
 * The app's routes with the session kept in step, as the app renders them: the render of a story
 * of the whole app, signed in or on its way in.
 */
export const renderApp = () => (
  <>
    <SessionSyncEffect />
    <AppRoutes />
  </>
);

/** The demo mocks: every service's handlers over a fresh mock state. */
const demoMocks = ({ msw }: StoryContext) => {
  msw.use(...createHandlers());
};

/**
 * The meta fields of a story of the signed-in app: the app's routes, the session kept in step,
 * over the app's API client (`withCoachApi`) and the demo mocks, sized as the app sizes its text
 * unless told. The meta adds its title and its parameters (`signedInParameters`), and its own
 * `beforeEach` after these fields where it mocks otherwise.
 */
export function signedInScreen({ appRootFontSize = true }: SignedInScreenOptions = {}) {
  return {
    render: renderApp,
    decorators: appRootFontSize ? [withCoachApi, withAppRootFontSize] : [withCoachApi],
    beforeEach: demoMocks,
  };
}

/**
 * The parameters of a signed-in app's story: full screen, at `route` (left out where each story
 * has its own), the demo coach signed in from stored tokens. Spread into the meta's `parameters`
 * beside `docs: { story: ownFrame() }`, which stays written there: Storybook adds the meta's
 * description to that literal, and would replace parameters it did not find written in the meta.
 */
export const signedInParameters = (route?: string) => ({
  layout: 'fullscreen',
  ...(route === undefined ? {} : { route }),
  session: { tokens: fixtureTokens.coach },
});

/** The mocks' data and live stream of the story that runs. */
export type MockedBackend = { state: MockState; live: LiveEventsMock };

/**
 * A story file's mocked backend: the meta's `beforeEach` serves each story fresh mocks with a
 * live stream the story drives (`live.push`), and `backendOf()` gives them to its play.
 */
export function mockedBackend() {
  let backend: MockedBackend | null = null;
  return {
    beforeEach: ({ msw }: StoryContext) => {
      const state = createMockState();
      const live = createLiveEventsMock({ state });
      backend = { state, live };
      msw.use(...createHandlers({ state, liveEvents: live }));
    },
    backendOf: (): MockedBackend => {
      if (!backend) throw new Error('The story has no mocks');
      return backend;
    },
  };
}
