import { seedSecurityEvents } from '@coach/api/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { mockBackend } from '../../../../test/mockApi.ts';
import { renderOverMocks } from '../../../../test/renderOverMocks.tsx';
import { SecurityEventsSection } from './SecurityEventsSection.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Backend = Parameters<typeof mockBackend>[0];

function renderSection(backend: Backend = {}, seed?: Parameters<typeof seedSecurityEvents>[1]) {
  const rendered = renderOverMocks(server, <SecurityEventsSection />, { backend });
  if (seed) seedSecurityEvents(rendered.state, seed);
  return rendered;
}

const list = () => screen.findByRole('list', { name: 'Recent security activity' });
const endButton = () => screen.getByRole('button', { name: 'Sign out of all other sessions' });

describe('SecurityEventsSection', () => {
  it('lists the events newest first, each in a sentence with its browser and time', async () => {
    renderSection();
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(15);
    expect(items[0]).toHaveTextContent('Signed in with password and authenticator code');
    expect(items[0]).toHaveTextContent('This session');
    expect(items[0]).toHaveTextContent(/Chrome on macOS · Nov 16, 2026/);
    expect(items[1]).toHaveTextContent('Signed in with passkey');
    expect(items[1]).not.toHaveTextContent('This session');
    expect(within(items[10] as HTMLElement).getByText(/Unknown browser/)).toBeInTheDocument();
    expect(screen.getByText('You are also signed in on 2 other sessions.')).toBeInTheDocument();
  });

  it('says so when there are no events, with the button disabled and why', async () => {
    renderSection({}, { events: [], otherSessions: 0 });
    expect(await screen.findByText('No security events yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(endButton()).toBeDisabled();
    expect(endButton()).toHaveAccessibleDescription('You are not signed in anywhere else.');
  });

  it('shows a failed load with a retry', async () => {
    renderSection({
      failures: {
        listSecurityEvents: {
          status: 500,
          error: 'internal_error',
          message: 'Something went wrong',
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Recent security activity could not be loaded',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('ends the other sessions: says how many, and lists the event with the button disabled', async () => {
    const { user } = renderSection();
    await list();
    expect(endButton()).toHaveAccessibleDescription('You are also signed in on 2 other sessions.');
    await user.click(endButton());
    expect(await screen.findByText('2 other sessions signed out')).toBeInTheDocument();
    await waitFor(() => expect(endButton()).toBeDisabled());
    expect(screen.getByText('You are not signed in anywhere else.')).toBeInTheDocument();
    const items = within(await list()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Signed out of all other sessions');
  });

  it('says when ending the other sessions failed, the list kept', async () => {
    const { user } = renderSection({
      failures: {
        endOtherSessions: { status: 500, error: 'internal_error', message: 'Something went wrong' },
      },
    });
    await list();
    await user.click(endButton());
    expect(
      await screen.findByText('The other sessions could not be signed out'),
    ).toBeInTheDocument();
    expect(endButton()).toBeEnabled();
  });
});
