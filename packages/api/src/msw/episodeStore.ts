import type { ActingKind, AttentionEpisode, EpisodeFigures } from '@coach/domain';
import { fixtureEpisodes, type MockEpisodeSeed } from './fixtures/episodeFixtures.ts';
import { mockNow } from './fixtures/mockClock.ts';

import { type MockState, nextMockId, perState } from './state.ts';

// The attention episodes of a mock state, and the first action the coach's actions mark on them
// (the server's `coachActed`): the store the episode handlers sweep and the acting mocks write.

/** A kept episode, and the coach it is with. */
export type MockEpisode = AttentionEpisode & { coachId: string };

const instantOf = (hoursAgo: number) =>
  new Date(mockNow.getTime() - hoursAgo * 3_600_000).toISOString();

/** A seed as kept, with the client's coach. */
function episodeOfSeed(state: MockState, clientId: string, seed: MockEpisodeSeed): MockEpisode {
  const { startedHoursAgo, firstAction, endedAfterHours } = seed;
  return {
    id: nextMockId(state, 'e915de00'),
    clientId,
    coachId: state.clients.find((record) => record.person.id === clientId)?.person.coachId ?? '',
    startedAt: instantOf(startedHoursAgo),
    reasons: seed.reasons,
    firstActionAt: firstAction ? instantOf(startedHoursAgo - firstAction.afterHours) : null,
    firstActionKind: firstAction?.kind ?? null,
    endedAt: endedAfterHours === undefined ? null : instantOf(startedHoursAgo - endedAfterHours),
  };
}

/** The episodes of a state (the fixtures' at first), and the figures a story chose, if any. */
export const mockEpisodesOf = perState((state) => ({
  episodes: Object.entries(fixtureEpisodes).flatMap(([clientId, seeds]) =>
    seeds.map((seed) => episodeOfSeed(state, clientId, seed)),
  ),
  seededFigures: undefined as EpisodeFigures | undefined,
}));

/**
 * Replaces a client's episodes with these seeds (`[]`: none); the sweep of the next read opens
 * one if the client needs attention now and none is open.
 */
export function seedEpisodes(
  state: MockState,
  clientId: string,
  seeds: readonly MockEpisodeSeed[],
): void {
  const store = mockEpisodesOf(state);
  const others = store.episodes.filter((episode) => episode.clientId !== clientId);
  store.episodes = [...others, ...seeds.map((seed) => episodeOfSeed(state, clientId, seed))];
}

/**
 * Marks the action as the first of the client's open episode with the coach, if it has none, and
 * answers whether it did (the profile and the figures then change).
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
  Object.assign(open, { firstActionAt: action.at.toISOString(), firstActionKind: action.kind });
  return true;
}

/** Makes the clients list answer these attention figures, whatever the episodes (a story's). */
export function seedAttentionFigures(state: MockState, figures: EpisodeFigures): void {
  mockEpisodesOf(state).seededFigures = figures;
}
