import type { ActingKind, AttentionEpisode, EpisodeFigures } from '@coach/domain';
import { fixtureEpisodes, type MockEpisodeSeed } from './fixtures/episodeFixtures.ts';
import { mockNow } from './fixtures/mockClock.ts';
import type { MockState } from './state.ts';

// The attention episodes of a mock state, and the first action the coach's actions mark on them
// (the server's `coachActed`): the store the episode handlers sweep and the acting mocks write.

/** A kept episode, and the coach it is with. */
type MockEpisode = AttentionEpisode & { coachId: string };

/** The episodes of one mock state. */
export type MockEpisodes = {
  episodes: MockEpisode[];
  sequence: number;
};

const byState = new WeakMap<MockState, MockEpisodes>();

const hourMs = 3_600_000;

const instantOf = (hoursAgo: number) =>
  new Date(mockNow.getTime() - hoursAgo * hourMs).toISOString();

/** The id of the mocks' `sequence`th episode. */
export const mockEpisodeId = (sequence: number) =>
  `00000000-0000-4000-8e00-${String(sequence).padStart(12, '0')}`;

/** A seed as kept, with the client's coach. */
function episodeOfSeed(
  store: MockEpisodes,
  clientId: string,
  coachId: string,
  seed: MockEpisodeSeed,
): MockEpisode {
  store.sequence += 1;
  const { startedHoursAgo, firstAction, endedAfterHours } = seed;
  return {
    id: mockEpisodeId(store.sequence),
    clientId,
    coachId,
    startedAt: instantOf(startedHoursAgo),
    reasons: seed.reasons,
    firstActionAt: firstAction ? instantOf(startedHoursAgo - firstAction.afterHours) : null,
    firstActionKind: firstAction?.kind ?? null,
    endedAt: endedAfterHours === undefined ? null : instantOf(startedHoursAgo - endedAfterHours),
  };
}

const coachIdOf = (state: MockState, clientId: string) =>
  state.clients.find((record) => record.person.id === clientId)?.person.coachId ?? '';

/** The episodes of `state`, the fixtures' seeded at first use. */
export function mockEpisodesOf(state: MockState): MockEpisodes {
  let store = byState.get(state);
  if (!store) {
    const made: MockEpisodes = { episodes: [], sequence: 0 };
    for (const [clientId, seeds] of Object.entries(fixtureEpisodes)) {
      const coachId = coachIdOf(state, clientId);
      for (const seed of seeds) made.episodes.push(episodeOfSeed(made, clientId, coachId, seed));
    }
    store = made;
    byState.set(state, store);
  }
  return store;
}

/**
 * Replaces a client's episodes with these seeds (`[]`: none), with the client's coach; the sweep
 * of the next read opens one if the client needs attention now and none is open.
 */
export function seedEpisodes(
  state: MockState,
  clientId: string,
  seeds: readonly MockEpisodeSeed[],
): void {
  const store = mockEpisodesOf(state);
  const coachId = coachIdOf(state, clientId);
  store.episodes = [
    ...store.episodes.filter((episode) => episode.clientId !== clientId),
    ...seeds.map((seed) => episodeOfSeed(store, clientId, coachId, seed)),
  ];
}

/**
 * Marks the action as the first of the client's open episode with the coach, if it has none, and
 * answers whether it did (the profile and the figures then change). As
 * on the server, only an episode a sweep opened (the mocks sweep when the episodes or the figures
 * are read) is marked.
 */
export function markMockFirstAction(
  state: MockState,
  action: { clientId: string; coachId: string; kind: ActingKind; at: Date },
): boolean {
  const open = mockEpisodesOf(state).episodes.find(
    (episode) =>
      episode.clientId === action.clientId &&
      episode.coachId === action.coachId &&
      episode.endedAt === null,
  );
  if (!open || open.firstActionAt !== null) return false;
  open.firstActionAt = action.at.toISOString();
  open.firstActionKind = action.kind;
  return true;
}

const seededFigures = new WeakMap<MockState, EpisodeFigures>();

/**
 * Makes the clients list answer these attention figures, whatever the episodes (a story's chosen
 * figures); the episodes themselves stay as they are.
 */
export function seedAttentionFigures(state: MockState, figures: EpisodeFigures): void {
  seededFigures.set(state, figures);
}

/** The figures a story seeded, if any. */
export const seededAttentionFigures = (state: MockState): EpisodeFigures | undefined =>
  seededFigures.get(state);
