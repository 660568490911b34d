import { mockClientIds } from '@coach/api/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { testBaseUrls } from '../../../test/mockApi.ts';
import {
  loadedRegion,
  recordCalls,
  renderClientProfile,
  setupProfileServer,
} from '../../../test/renderClientProfile.tsx';
import { ClientProfileScreen } from './ClientProfileScreen.tsx';
import { refreshClientProfileAtom } from './shared/refreshClientProfileAtom.ts';

const server = setupProfileServer();

const renderProfile = (clientId?: string, at?: string) =>
  renderClientProfile(server, { profileScreen: <ClientProfileScreen />, clientId, at });

const region = (name: string) => loadedRegion(name);

// The header, a client that is not the coach's and an exercise's detail are the stories'
// (ClientProfile: Default, NotFound, EffectLevels); here, the retries, the pages' cursor and the
// refresh.
describe('ClientProfileScreen', () => {
  it('fails one section on its own, and its retry loads it', async () => {
    let failing = true;
    const { user } = renderProfile(undefined, '/activity');
    server.use(
      http.get(`${testBaseUrls.exercise}/clients/:clientId/exercises`, () =>
        failing
          ? HttpResponse.json({ error: 'internal_error', message: 'x' }, { status: 500 })
          : undefined,
      ),
    );
    const exercises = await region('Exercises');
    expect(exercises.getByRole('alert')).toHaveTextContent('Error processing exercise');
    // The other sections are there.
    expect((await region('Reflections')).queryByRole('alert')).not.toBeInTheDocument();
    failing = false;
    await user.click(exercises.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(exercises.queryByRole('alert')).not.toBeInTheDocument());
    expect(exercises.getAllByRole('button', { name: /exercise/ }).length).toBeGreaterThan(0);
  });

  it('says a section could not reach the server, and loads it on its own once back online', async () => {
    let failing = true;
    renderProfile(undefined, '/activity');
    server.use(
      http.get(`${testBaseUrls.exercise}/clients/:clientId/exercises`, () =>
        failing ? HttpResponse.error() : undefined,
      ),
    );
    const exercises = await region('Exercises');
    expect(exercises.getByRole('alert')).toHaveTextContent(
      'The server could not be reached, please try again',
    );
    expect(exercises.getByRole('button', { name: 'Try again' })).toBeEnabled();
    failing = false;
    // The failure's effects (its 'online' listener) have run, as they have in a browser by now.
    await act(async () => {});
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // Generous: a loaded machine renders the whole profile slowly.
    const loaded = await exercises.findAllByRole('button', { name: /exercise/ }, { timeout: 5000 });
    expect(loaded.length).toBeGreaterThan(0);
    expect(exercises.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("pages the activity with the previous page's cursor and filters it by kind", async () => {
    const calls = recordCalls(server);
    const { user } = renderProfile(undefined, '/activity');
    const activity = await region('Activity history');
    const list = activity.getByRole('list', { name: 'Activities, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(activity.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(20));
    const pages = calls.filter((call) => call.includes('/activity'));
    expect(pages[0]).toMatch(/limit=20$/);
    expect(pages[1]).toMatch(/limit=20&before=[^&]+$/);
    // Newest first, no item twice.
    const items = within(list).getAllByRole('listitem');
    const keys = items.map((item) => item.textContent);
    expect(new Set(keys).size).toBe(keys.length);

    await user.click(activity.getByRole('button', { name: 'Reflections' }));
    for (const item of within(activity.getByRole('list')).getAllByRole('listitem')) {
      expect(item).toHaveAttribute('data-kind', 'reflection');
    }
  });

  it('reads the header again on refresh (after a phase change or a report)', async () => {
    const calls = recordCalls(server);
    const { store } = renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Jamie Lee' });
    const before = calls.filter((call) => call.startsWith(`GET /api/analytics/clients/`)).length;
    store.set(refreshClientProfileAtom, mockClientIds.jamie);
    await waitFor(() =>
      expect(
        calls.filter((call) => call.endsWith(`/clients/${mockClientIds.jamie}/profile`)).length,
      ).toBe(2),
    );
    expect(before).toBeGreaterThan(0);
  });
});
