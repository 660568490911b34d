import { fixtureIds } from '@coach/api/msw';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderOverMocks } from '../../../../test/renderOverMocks.tsx';
import { LanguageSection } from './LanguageSection.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Picks `option` in the select named `label`. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox', { name: label });
  await user.click(within(list).getByRole('option', { name: option }));
}

describe('LanguageSection', () => {
  it('shows the stored language, each named in itself', async () => {
    const { user } = renderOverMocks(server, <LanguageSection />);
    expect(screen.getByRole('heading', { name: 'Language' })).toBeInTheDocument();
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveTextContent('English');
    await user.click(select);
    const list = await screen.findByRole('listbox', { name: 'Language' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Español']);
  });

  it('saves Español, keeping the mail settings, and speaks Spanish at once', async () => {
    const { user, state } = renderOverMocks(server, <LanguageSection />);
    const before = state.coachSettings.get(fixtureIds.coachPerson);
    await choose(user, 'Language', 'Español');
    expect(await screen.findByText('Idioma guardado')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Idioma' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveTextContent('Español');
    expect(state.coachSettings.get(fixtureIds.coachPerson)).toEqual({
      hasTimezone: true,
      hasLanguage: true,
      isMorningMailOn: before?.isMorningMailOn ?? true,
      morningMailHour: before?.morningMailHour ?? 7,
      language: 'es',
    });
  });

  it("says 'Error saving language' and stays in English when the save fails", async () => {
    const { user, state } = renderOverMocks(server, <LanguageSection />, {
      backend: {
        failures: {
          updateCoachSettings: { status: 500, error: 'internal_error', message: 'Boom' },
        },
      },
    });
    await choose(user, 'Language', 'Español');
    expect(await screen.findByText('Error saving language')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('English');
    expect(state.coachSettings.get(fixtureIds.coachPerson)?.language ?? 'en-US').toBe('en-US');
  });

  it('shows the language the app speaks while the coach keeps the default, and saves English when picked', async () => {
    // A Spanish browser: the app speaks Spanish, the coach's stored language is the default.
    const { user, state } = renderOverMocks(server, <LanguageSection />, { language: 'es' });
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toHaveTextContent('Español');
    await choose(user, 'Idioma', 'English');
    expect(await screen.findByText('Language saved')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('English');
    expect(state.coachSettings.get(fixtureIds.coachPerson)?.language).toBe('en-US');
  });
});
