import { coachPerson, createHandlers, fixtureIds } from '@coach/api/msw';
import { screen, waitFor, within } from '@testing-library/react';
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

describe('MorningMailSection', () => {
  it('shows the stored settings: the mail on, at 7:00 AM, in the coach’s timezone', async () => {
    renderSection();
    const isOn = await screen.findByRole('checkbox', { name: 'Send me the morning mail' });
    expect(isOn).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Hour' })).toHaveTextContent('7:00 AM');
    expect(screen.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent(
      coachPerson.timezone,
    );
  });

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

  it('turns the mail off, keeping its hour', async () => {
    const { user, state } = renderSection();
    await user.click(await screen.findByRole('checkbox', { name: 'Send me the morning mail' }));
    // Off, the hour is kept but cannot be changed.
    expect(screen.getByRole('combobox', { name: 'Hour' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save mail settings' }));
    await waitFor(() =>
      expect(state.coachSettings.get(fixtureIds.coachPerson)).toEqual({
        hasTimezone: true,
        hasLanguage: false,
        isMorningMailOn: false,
        morningMailHour: 7,
        language: 'en-US',
      }),
    );
  });

  it("says 'Error saving mail settings' when the save fails, and keeps the choice", async () => {
    const { user, state } = renderSection({
      failures: {
        updateCoachSettings: { status: 500, error: 'internal_error', message: 'Boom' },
      },
    });
    await screen.findByRole('checkbox', { name: 'Send me the morning mail' });
    await choose(user, 'Hour', '9:00 AM');
    await user.click(screen.getByRole('button', { name: 'Save mail settings' }));
    expect(await screen.findByText('Error saving mail settings')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Hour' })).toHaveTextContent('9:00 AM');
    expect(state.coachSettings.get(fixtureIds.coachPerson)).toBeUndefined();
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
