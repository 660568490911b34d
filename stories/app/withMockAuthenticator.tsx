import { createMockAuthenticator, type MockAuthenticatorOptions } from '@coach/api/msw';
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import { BrowserPasskeysProvider } from '../../packages/app/src/core/passkeys/index.ts';

/**
 * Puts the mocks' stand-in for the browser's authenticator in place of WebAuthn (no real one
 * answers in a story): it holds the demo coach's seeded passkey unless `parameters.authenticator`
 * says otherwise. Goes inside `withCoachApi`'s store.
 */
export const withMockAuthenticator: Decorator = (Story, context) => {
  const options = context.parameters.authenticator as MockAuthenticatorOptions | undefined;
  return (
    <MockPasskeys key={context.id} options={options}>
      <Story />
    </MockPasskeys>
  );
};

function MockPasskeys({
  options,
  children,
}: {
  options: MockAuthenticatorOptions | undefined;
  children: React.ReactNode;
}) {
  const [passkeys] = useState(() => createMockAuthenticator(options));
  return <BrowserPasskeysProvider passkeys={passkeys}>{children}</BrowserPasskeysProvider>;
}
