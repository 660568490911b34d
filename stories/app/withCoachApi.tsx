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
