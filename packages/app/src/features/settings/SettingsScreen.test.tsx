import {
  coachPerson,
  createHandlers,
  fixtureIds,
  fixtureTokens,
  onePixelPng,
} from '@coach/api/msw';
import { ToastContainer } from '@coach/ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApi, mockBackend } from '../../../test/mockApi.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { authStatusAtom, currentProfileAtom, currentUserAtom } from '../../core/session/index.ts';
import { createStore } from '../../state/jotai.ts';
import { SettingsScreen } from './SettingsScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// jsdom has no object URLs: the preview gets a stand-in address.
beforeEach(() => {
  let count = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++count}`);
  URL.revokeObjectURL = vi.fn();
});

function renderSettings() {
  const backend = mockBackend();
  server.use(...createHandlers(backend.options));
  const { api, tokens } = createTestApi(fixtureTokens.coach);
  const store = createStore();
  store.set(authStatusAtom, 'signedIn');
  store.set(currentUserAtom, { id: fixtureIds.coachUser, email: 'coach@example.com' });
  store.set(currentProfileAtom, coachPerson);
  const user = userEvent.setup({ applyAccept: false, delay: null });
  renderWithProviders(
    <>
      <SettingsScreen />
      <ToastContainer />
    </>,
    { api, tokens, store, route: '/settings' },
  );
  const save = () => screen.getByRole('button', { name: 'Save' });
  const picture = () => screen.getByLabelText('Choose picture');
  return { user, store, state: backend.state, save, picture };
}

const png = () => new File([onePixelPng], 'me.png', { type: 'image/png' });

// What a user sees of Settings is its stories' (stories/app/Settings.stories.tsx, Spanish.stories.tsx,
// MorningMail.stories.tsx) and the e2e tests' (e2e/settings.test.ts, e2e/serverDown.test.ts); here,
// what only jsdom can see: the preview's object URL given back, and the uploaded picture's address.
describe('SettingsScreen', () => {
  it('previews a chosen picture, uploads it after the profile and shows it at its signed address with its version joined by &v=', async () => {
    const { user, picture, save, state, store } = renderSettings();
    await screen.findByLabelText('First name');
    await user.upload(picture(), png());
    expect(screen.getByRole('img', { name: 'Alex Morgan' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    await user.click(save());
    expect(await screen.findByText('Profile successfully edited')).toBeInTheDocument();
    expect(state.pictures.get(fixtureIds.coachPerson)?.etag).not.toBe('"fixture-1"');
    expect(store.get(currentProfileAtom)?.profilePicture).toMatch(
      new RegExp(`^resource/profilePicture/${fixtureIds.coachPerson}\\?expires=`),
    );
    // The preview's address is given back once the uploaded picture replaced it (a later render).
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1'));

    // The uploaded picture shows at its signed address with its version joined by &v=.
    const etag = state.pictures.get(fixtureIds.coachPerson)?.etag ?? '';
    // The preview gives way to the stored picture once the profile is read again.
    const picturePath = `/api/resource/profilePicture/${fixtureIds.coachPerson}`;
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Alex Morgan' }).getAttribute('src')).toContain(
        picturePath,
      ),
    );
    const src = screen.getByRole('img', { name: 'Alex Morgan' }).getAttribute('src') ?? '';
    const url = new URL(src);
    expect(url.pathname).toBe(picturePath);
    expect(src).toContain(`&v=${encodeURIComponent(etag)}`);
    expect([...url.searchParams.keys()]).toEqual(['expires', 'signature', 'v']);
    expect(url.searchParams.get('v')).toBe(etag);
    // The mock serves that address without a bearer token, as an <img> loads it.
    const loaded = await fetch(src);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get('etag')).toBe(etag);
  });
});
