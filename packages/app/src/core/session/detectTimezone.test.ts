import { createHandlers, fixtureIds, fixtureTokens } from '@coach/api/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, mockBackend } from '../../test/mockApi.ts';
import { detectTimezone } from './detectTimezone.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function backendWith(hasTimezone: boolean) {
  const backend = mockBackend();
  backend.state.coachSettings.set(fixtureIds.coachPerson, {
    hasTimezone,
    isMorningMailOn: true,
    morningMailHour: 7,
    language: 'en-US',
  });
  server.use(...createHandlers(backend.options));
  return backend.state;
}

describe('detectTimezone', () => {
  it("sends the browser's zone when the coach has none yet", async () => {
    const state = backendWith(false);
    const { api } = createTestApi(fixtureTokens.coach);
    await detectTimezone(api, 'Asia/Tokyo');
    expect(state.persons[0]?.timezone).toBe('Asia/Tokyo');
    expect(state.coachSettings.get(fixtureIds.coachPerson)?.hasTimezone).toBe(true);
  });

  it('leaves a zone the coach has alone', async () => {
    const state = backendWith(true);
    const before = state.persons[0]?.timezone;
    const { api } = createTestApi(fixtureTokens.coach);
    await detectTimezone(api, 'Asia/Tokyo');
    expect(state.persons[0]?.timezone).toBe(before);
  });

  it('says nothing when the browser has no zone or the server refuses it', async () => {
    backendWith(false);
    const { api } = createTestApi(fixtureTokens.coach);
    await expect(detectTimezone(api, null)).resolves.toBeUndefined();
    await expect(detectTimezone(api, 'Mars/Olympus')).resolves.toBeUndefined();
  });
});
