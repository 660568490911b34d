import { createHandlers, fixtureIds } from '@coach/api/msw';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockBackend } from '../../../../test/mockApi.ts';
import { renderOverMocks } from '../../../../test/renderOverMocks.tsx';
import { MorningMailSection } from './MorningMailSection.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderSection = (backend: Parameters<typeof mockBackend>[0] = {}) =>
  renderOverMocks(server, <MorningMailSection />, { backend });

/** Picks `option` in the select named `label`. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox', { name: label });
  await user.click(within(list).getByRole('option', { name: option }));
}

// The stored settings shown, the mail turned off keeping its hour, and a failed save keeping the
// choice are the stories' (MorningMail: On, Off, TurnedOff, SaveError); here, what is stored and
// the retry of a failed read.
describe('MorningMailSection', () => {
  it("saves the switch, the hour and the zone together and says 'Mail settings saved'", async () => {
    const { user, state } = renderSection();
    await screen.findByRole('checkbox', { name: 'Send me the morning mail' });
    await choose(user, 'Hour', '6:00 AM');
    await choose(user, 'Timezone', 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Save mail settings' }));
    expect(await screen.findByText('Mail settings saved')).toBeInTheDocument();
    expect(state.coachSettings.get(fixtureIds.coachPerson)).toEqual({
      hasTimezone: true,
      hasLanguage: false,
      isMorningMailOn: true,
      morningMailHour: 6,
      language: 'en-US',
    });
    expect(state.persons[0]?.timezone).toBe('Europe/Berlin');
  });

  it("says 'Error loading mail settings' when they cannot be read, and reads them on retry", async () => {
    const { user } = renderSection({
      failures: {
        getCoachSettings: { status: 500, error: 'internal_error', message: 'Boom' },
      },
    });
    expect(await screen.findByText('Error loading mail settings')).toBeInTheDocument();
    server.use(...createHandlers(mockBackend().options));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Send me the morning mail' })).toBeChecked();
  });
});
