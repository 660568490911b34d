import { createHandlers, fixtureIds, fixtureTokens } from '@coach/api/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, mockBackend } from '../../../test/mockApi.ts';
import { createTestI18n } from '../../../test/testI18n.ts';
import { afterSignIn } from './afterSignIn.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function backendWith(
  hasTimezone: boolean,
  language: 'en-US' | 'es' = 'en-US',
  hasLanguage = language !== 'en-US',
) {
  const backend = mockBackend();
  backend.state.coachSettings.set(fixtureIds.coachPerson, {
    hasTimezone,
    hasLanguage,
    isMorningMailOn: true,
    morningMailHour: 7,
    language,
  });
  server.use(...createHandlers(backend.options));
  return backend.state;
}

describe('afterSignIn', () => {
  it("sends the browser's zone when the coach has none yet", async () => {
    const state = backendWith(false);
    const { api } = createTestApi(fixtureTokens.coach);
    await afterSignIn(api, 'Asia/Tokyo');
    expect(state.persons[0]?.timezone).toBe('Asia/Tokyo');
    expect(state.coachSettings.get(fixtureIds.coachPerson)?.hasTimezone).toBe(true);
  });

  it('leaves a zone the coach has alone', async () => {
    const state = backendWith(true);
    const before = state.persons[0]?.timezone;
    const { api } = createTestApi(fixtureTokens.coach);
    await afterSignIn(api, 'Asia/Tokyo');
    expect(state.persons[0]?.timezone).toBe(before);
  });

  it('says nothing when the browser has no zone or the server refuses it', async () => {
    backendWith(false);
    const { api } = createTestApi(fixtureTokens.coach);
    await expect(afterSignIn(api, null)).resolves.toBe('en-US');
    await expect(afterSignIn(api, 'Mars/Olympus')).resolves.toBe('en-US');
  });

  it('switches the app to the language the coach saved, and answers it', async () => {
    backendWith(true, 'es');
    const { api } = createTestApi(fixtureTokens.coach);
    const i18n = createTestI18n();
    await expect(afterSignIn(api, 'Asia/Tokyo', i18n)).resolves.toBe('es');
    await vi.waitFor(() => expect(i18n.resolvedLanguage).toBe('es'));
  });

  it.each([
    [
      'keeps the detected Spanish when the coach has the default English, never chosen',
      false,
      'es',
    ],
    ['switches a Spanish browser to English when the coach chose English', true, 'en-US'],
  ] as const)('%s', async (_case, hasLanguage, shown) => {
    backendWith(true, 'en-US', hasLanguage);
    const { api } = createTestApi(fixtureTokens.coach);
    const i18n = createTestI18n();
    await i18n.changeLanguage('es');
    const changeLanguage = vi.spyOn(i18n, 'changeLanguage');
    await expect(afterSignIn(api, 'Asia/Tokyo', i18n)).resolves.toBe('en-US');
    await vi.waitFor(() => expect(i18n.resolvedLanguage).toBe(shown));
    // Never chosen: the app is not even asked to switch, now or later.
    expect(changeLanguage).toHaveBeenCalledTimes(hasLanguage ? 1 : 0);
  });

  it('answers no language when the settings cannot be read', async () => {
    backendWith(true, 'es');
    const { api } = createTestApi(fixtureTokens.client);
    const i18n = createTestI18n();
    await expect(afterSignIn(api, 'Asia/Tokyo', i18n)).resolves.toBeNull();
    expect(i18n.resolvedLanguage).toBe('en-US');
  });
});
