import { createHandlers, fixtureIds, fixtureTokens } from '@coach/api/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, mockBackend } from '../../test/mockApi.ts';
import { createTestI18n } from '../../test/testI18n.ts';
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

  it('keeps the detected language when the coach has the default one (never chosen)', async () => {
    backendWith(true, 'en-US', false);
    const { api } = createTestApi(fixtureTokens.coach);
    const i18n = createTestI18n();
    await i18n.changeLanguage('es');
    await expect(afterSignIn(api, 'Asia/Tokyo', i18n)).resolves.toBe('en-US');
    expect(i18n.resolvedLanguage).toBe('es');
  });

  it('switches a Spanish browser to English when the coach chose English', async () => {
    backendWith(true, 'en-US', true);
    const { api } = createTestApi(fixtureTokens.coach);
    const i18n = createTestI18n();
    await i18n.changeLanguage('es');
    await expect(afterSignIn(api, 'Asia/Tokyo', i18n)).resolves.toBe('en-US');
    await vi.waitFor(() => expect(i18n.resolvedLanguage).toBe('en-US'));
  });

  it('answers no language when the settings cannot be read', async () => {
    backendWith(true, 'es');
    const { api } = createTestApi(fixtureTokens.client);
    const i18n = createTestI18n();
    await expect(afterSignIn(api, 'Asia/Tokyo', i18n)).resolves.toBeNull();
    expect(i18n.resolvedLanguage).toBe('en-US');
  });
});
