import {
  clientsNeedingAttention,
  episodeChanges,
  episodeFigureDays,
  episodeFigures,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { type AttentionEpisodeList, episodeLimits } from '../contract/attentionEpisodes.ts';
import type { AttentionFigures } from '../contract/attentionFigures.ts';
import { mockEpisodesOf } from './episodeStore.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { summaryOf } from './mockAnalytics.ts';
import { rowExtrasOf } from './reviewHandlers.ts';
import { clientAccess, type MockHandlerOptions, mockService } from './route.ts';
import { type MockState, nextMockId } from './state.ts';

/** Options of {@link createEpisodeHandlers}. */
export type EpisodeHandlerOptions = MockHandlerOptions;

/**
 * Sweeps the coach's episodes at `now` by the domain's rules, as the server's sweep: the coach's
 * clients who need attention by the list's rows open one, the open ones of those who no longer
 * do (or are no longer the coach's) end.
 */
function sweepCoach(state: MockState, coachId: string, now: Date): void {
  const store = mockEpisodesOf(state);
  const rows = state.clients
    .filter((record) => record.person.coachId === coachId)
    .map((record) => summaryOf(record, now, rowExtrasOf(state, record, now)));
  const open = store.episodes.filter(
    (episode) => episode.coachId === coachId && episode.endedAt === null,
  );
  const { opened, ended } = episodeChanges(open, clientsNeedingAttention(rows, now));
  const at = now.toISOString();
  for (const episode of open) if (ended.includes(episode.id)) episode.endedAt = at;
  for (const { clientId, reasons } of opened) {
    const id = nextMockId(state, 'e915de00');
    const none = { firstActionAt: null, firstActionKind: null, endedAt: null };
    store.episodes.push({ id, clientId, coachId, startedAt: at, reasons, ...none });
  }
}

/**
 * The coach's attention figures as the clients list answers them: over the coach's kept episodes
 * by the domain's `episodeFigures` (none for a coach shown with no clients, `emptyLists`), or the
 * figures a story seeded. As on the server, reading the list sweeps nothing.
 */
export function mockAttentionFigures(
  state: MockState,
  coachId: string,
  hasNoClients = false,
): AttentionFigures {
  const { episodes, seededFigures } = mockEpisodesOf(state);
  const own = hasNoClients ? [] : episodes.filter((episode) => episode.coachId === coachId);
  return {
    days: episodeFigureDays,
    ...(seededFigures ?? episodeFigures(own, mockNow)),
    keptAt: mockNow.toISOString(),
  };
}

/** Sweeps every coach's episodes at the list's instant (the parity driver's stand-in for a tick). */
export function sweepMockEpisodes(state: MockState): void {
  for (const person of state.persons) {
    if (person.type === 'coach') sweepCoach(state, person.id, mockNow);
  }
}

/**
 * MSW handler of the attention episodes over the mock state: a client's episodes with their
 * coach (the one 404 to anyone else), newest first, after a sweep at the list's instant (the
 * mocks' now); the coach's actions in the other mocks mark the first action.
 */
export function createEpisodeHandlers(options: EpisodeHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  return [
    handle('listClientEpisodes', ({ userId, params }) => {
      const access = clientAccess(state, userId, params.clientId);
      if (access instanceof Response) return access;
      sweepCoach(state, access.caller.id, mockNow);
      const items = mockEpisodesOf(state)
        .episodes.filter(
          (episode) =>
            episode.clientId === access.record.person.id && episode.coachId === access.caller.id,
        )
        .sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt))
        .slice(0, episodeLimits.listMax)
        .map(({ coachId: _coachId, ...episode }) => episode);
      return HttpResponse.json({
        items,
        generatedAt: mockNow.toISOString(),
      } satisfies AttentionEpisodeList);
    }),
  ];
}
