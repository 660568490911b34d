import {
  coachPerson,
  createHandlers,
  demoResetCode,
  fixtureIds,
  fixtureTokens,
  onePixelPng,
} from '@coach/api/msw';
import { ToastContainer } from '@coach/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApi, mockBackend, testBaseUrls } from '../../../test/mockApi.ts';
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

function renderSettings(options: Parameters<typeof mockBackend>[0] = {}) {
  const backend = mockBackend(options);
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
  return { user, store, state: backend.state, tokens, save, picture };
}

const png = (size?: number) =>
  new File([size ? new Uint8Array(size) : onePixelPng], 'me.png', { type: 'image/png' });

describe('SettingsScreen', () => {
  it("says 'Error processing profile' when the profile cannot be read, and reads it on retry", async () => {
    const { user } = renderSettings();
    server.use(
      http.get(
        `${testBaseUrls.account}/persons/:id`,
        () => HttpResponse.json({ error: 'internal_error', message: 'Boom' }, { status: 500 }),
        { once: true },
      ),
    );
    expect(await screen.findByText('Error processing profile')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Alex');
    expect(screen.queryByText('Error processing profile')).not.toBeInTheDocument();
  });

  it('refuses a name that is not on one line, and saves nothing', async () => {
    const { user, save, state } = renderSettings();
    const firstName = await screen.findByLabelText('First name');
    const lastName = screen.getByLabelText('Last name');
    // A text field drops typed line breaks; a line separator or a tab pasted in stays.
    await user.clear(firstName);
    await user.click(firstName);
    await user.paste('Frank\u2028URGENT: log in at http://evil.example');
    await user.clear(lastName);
    await user.click(lastName);
    await user.paste('Smith\tBcc');
    await user.click(save());
    expect(await screen.findByText('First name must be on one line')).toBeInTheDocument();
    expect(screen.getByText('Last name must be on one line')).toBeInTheDocument();
    const stored = state.persons.find((person) => person.id === fixtureIds.coachPerson);
    expect(stored?.firstName).toBe(coachPerson.firstName);
    expect(stored?.lastName).toBe(coachPerson.lastName);
  });

  it("saves the full profile, updates the session's profile and says 'Profile successfully edited'", async () => {
    const { user, save, state, store } = renderSettings();
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, '  Sam ');
    await user.click(save());
    expect(await screen.findByText('Profile successfully edited')).toBeInTheDocument();
    const stored = state.persons.find((person) => person.id === fixtureIds.coachPerson);
    expect(stored?.firstName).toBe('Sam');
    expect(stored?.lastName).toBe('Morgan');
    expect(store.get(currentProfileAtom)?.firstName).toBe('Sam');
    // The screen shows what the server saved: the picture is now named after the new name.
    expect(screen.getByRole('img', { name: 'Sam Morgan' })).toBeInTheDocument();
    expect(firstName).toHaveValue('Sam');
  });

  // A failed connection's message and kept input are the story's (Settings: SaveServerUnreachable);
  // a proxy's 503 reads as the same failure, and the save goes through once the server is back.
  it('says the server could not be reached when a proxy answers 503, keeps the input, and saves it once back', async () => {
    const { user, save, state } = renderSettings();
    server.use(
      http.put(
        `${testBaseUrls.account}/persons/:id`,
        () => new HttpResponse(null, { status: 503 }),
        { once: true },
      ),
    );
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Sam');
    await user.clear(screen.getByLabelText('About me'));
    await user.type(screen.getByLabelText('About me'), 'Coaching since 2010');
    await user.click(save());
    expect(
      await screen.findByText('The server could not be reached, please try again'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error updating profile')).toBeInTheDocument();
    expect(firstName).toHaveValue('Sam');
    expect(screen.getByLabelText('About me')).toHaveValue('Coaching since 2010');
    expect(save()).toBeEnabled();

    await user.click(save());
    expect(await screen.findByText('Profile successfully edited')).toBeInTheDocument();
    const stored = state.persons.find((person) => person.id === fixtureIds.coachPerson);
    expect(stored).toMatchObject({ firstName: 'Sam', aboutMe: 'Coaching since 2010' });
  });

  // What the failed read shows (the message and its retry) is the story's (Settings:
  // LoadServerUnreachable); here, the profile read again on its own once the browser is online.
  it('loads the profile on its own once online after the server could not be reached', async () => {
    renderSettings();
    server.use(
      http.get(`${testBaseUrls.account}/persons/:id`, () => HttpResponse.error(), { once: true }),
    );
    await screen.findByRole('alert');
    // The failure's effects (its 'online' listener) have run, as they have in a browser by now.
    await act(async () => {});
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByLabelText('First name')).toHaveValue('Alex');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  // The types offered and the refusal's message are the story's (Settings: PictureNotImage); here,
  // that the refused file is neither previewed nor sent with the profile.
  it('neither previews nor uploads a refused picture: Save sends the profile alone', async () => {
    const { user, picture, save, state } = renderSettings();
    await screen.findByLabelText('First name');
    await user.upload(picture(), new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    const before = state.pictures.get(fixtureIds.coachPerson)?.etag;
    await user.click(save());
    expect(await screen.findByText('Profile successfully edited')).toBeInTheDocument();
    expect(state.pictures.get(fixtureIds.coachPerson)?.etag).toBe(before);
  });

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

  // The toast of a failed upload is the story's (Settings: UploadFailed); here, that the profile is
  // saved all the same, and the server's 413 read as the size message under the picture.
  it("saves the profile when the picture's upload fails, and maps a 413 to the size message under the picture", async () => {
    const { user, picture, save, store } = renderSettings({
      failures: {
        putProfilePicture: { status: 413, error: 'payload_too_large', message: 'Too large' },
      },
    });
    const firstName = await screen.findByLabelText('First name');
    await user.type(firstName, 'a');
    await user.upload(picture(), png());
    await user.click(save());
    expect(await screen.findByText('Profile picture uploading failed')).toBeInTheDocument();
    expect(screen.queryByText('Profile successfully edited')).not.toBeInTheDocument();
    expect(store.get(currentProfileAtom)?.firstName).toBe('Alexa');
    // The toast and the field's message come from the same failure, not always in one render.
    expect(
      await screen.findByText(
        'File is too big for the upload, the limit is 7 MB. Please, choose another one',
      ),
    ).toBeInTheDocument();
  });

  it("changes the password in the modal, keeps this tab signed in and says 'Password successfully changed'", async () => {
    const { user, tokens, store } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change password' }));
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    await user.type(await dialog.findByLabelText('Code'), demoResetCode);
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    await user.type(await dialog.findByLabelText('New password'), 'NewPass123');
    await user.type(dialog.getByLabelText('Confirm password'), 'NewPass123');
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Password successfully changed')).toBeInTheDocument();
    // Closed (jsdom never ends the exit animation that would unmount it).
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'closed'));
    expect(tokens.getAccessToken()).not.toBe(fixtureTokens.coach.accessToken);
    expect(store.get(authStatusAtom)).toBe('signedIn');
  });
});
