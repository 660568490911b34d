import {
  createHandlers,
  createMockState,
  fixtureEpisodes,
  fixtureFollowUps,
  fixtureIds,
  fixtureNotes,
  fixtureThreads,
  mockNow,
  seedEpisodes,
  seedFollowUp,
  seedNotes,
  seedThread,
  sweepMockEpisodes,
} from '@coach/api/msw';
import { getResponse } from 'msw';
import { contractAnswer, type ParityDriver, requestOf } from './driver.ts';
import { fixturePeople } from './fixturePeople.ts';

/**
 * The MSW handlers as a backend: each call goes straight to the handlers (no patched fetch), over
 * a fresh mock state, on the stories' clock ({@link mockNow}), its threads, notes, follow-ups and
 * past attention episodes empty as the server's (the fixture ones are the stories' demo data).
 */
export function createMockDriver(): ParityDriver {
  const state = createMockState();
  const handlers = createHandlers({ state, now: () => mockNow });
  for (const clientId of Object.keys(fixtureThreads)) seedThread(state, clientId, []);
  for (const clientId of Object.keys(fixtureNotes)) seedNotes(state, clientId, []);
  for (const clientId of Object.keys(fixtureFollowUps)) seedFollowUp(state, clientId, null);
  for (const clientId of Object.keys(fixtureEpisodes)) seedEpisodes(state, clientId, []);
  const people = fixturePeople(state);
  return {
    side: 'mocks',
    people: {
      coach: { personId: fixtureIds.coachPerson, userId: fixtureIds.coachUser, ...people.coach },
      clients: Object.fromEntries(
        Object.entries(people.clients).map(([name, client]) => [
          name,
          {
            personId: client.person.id,
            userId: client.person.userId,
            email: client.email,
            password: client.password,
          },
        ]),
      ),
    },
    async call(route, options) {
      const response = await getResponse(handlers, requestOf('http://mocks.test', route, options));
      if (!response) throw new Error(`mocks: no handler answered ${route}`);
      return contractAnswer('mocks', route, response);
    },
    async inviteToken(email) {
      const invite = state.invites.findLast((candidate) => candidate.email === email);
      if (!invite) throw new Error(`mocks: no invite to ${email}`);
      return invite.token;
    },
    sweepEpisodes: async () => sweepMockEpisodes(state),
    close: async () => {},
  };
}
