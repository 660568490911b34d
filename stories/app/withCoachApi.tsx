import { createMemoryTokenStore, type Tokens } from '@coach/api';
import type { Decorator } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { CoachApiProvider } from '../../packages/app/src/core/session/index.ts';

/** Story parameters of the app's session: the tokens stored when the story starts. */
export type SessionParameters = { tokens?: Tokens };

function StoryCoachApi({ tokens, children }: { tokens?: Tokens; children: ReactNode }) {
  // Tokens in memory, not localStorage: one story's sign-in never leaks into the next.
  const [store] = useState(() => createMemoryTokenStore(tokens));
  return <CoachApiProvider tokens={store}>{children}</CoachApiProvider>;
}

/**
 * Gives a story the app's API client (same-origin `/api/<service>`, answered by the MSW handlers
 * the story adds in `beforeEach`) over the tokens of `parameters.session`.
 */
export const withCoachApi: Decorator = (Story, context) => {
  const session = context.parameters.session as SessionParameters | undefined;
  return (
    <StoryCoachApi key={context.id} tokens={session?.tokens}>
      <Story />
    </StoryCoachApi>
  );
};

/**
 * How a story served by MSW shows on its component's Docs page (`docs: { story: ownFrame() }` in
 * the meta's parameters, an object literal there for Storybook to keep it): in a frame of its own,
 * loaded when scrolled to. On a shared Docs page every story's handlers go to the page's one
 * worker, so each story showed the last one's data (an 'Empty' list with five clients); a frame is
 * its own MSW client, the story exactly as the test runner renders it. `height` in pixels.
 */
export const ownFrame = (height = 800) => ({ inline: false, iframeHeight: `${height}px` });
