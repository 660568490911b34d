import {
  type AttentionReason,
  attentionOf,
  episodeFigureDays,
  episodeFigures,
  episodeChanges,
  messages,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import {
  type AttentionEpisodeList,
  type AttentionFigures,
  episodeLimits,
} from '../contract/attentionEpisodes.ts';
import { mockEpisodeId, mockEpisodesOf } from './episodeStore.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { coachUnreadOf } from './messagingHandlers.ts';
import { summaryOf } from './mockAnalytics.ts';
import { listedFollowUpOf } from './notesHandlers.ts';
import { errorResponse as error, type MockHandlerOptions, mockService } from './route.ts';
import type { MockState } from './state.ts';

/** Options of {@link createEpisodeHandlers}: `emptyLists` (a coach with no clients) answers none. */
export type EpisodeHandlerOptions = MockHandlerOptions;

/**
 * Sweeps the coach's episodes at `now` as the server's sweep does: the clients of the coach who
 * need attention by the list's rule (the domain's `attentionOf` over the list's rows) open one,
 * the open ones of those who no longer do (or are no longer the coach's) end (`sweptEpisodes`).
 */
function sweepCoach(state: MockState, coachId: string, now: Date): void {
  const store = mockEpisodesOf(state);
  const needing = new Map<string, AttentionReason[]>();
  for (const record of state.clients) {
    if (record.person.coachId !== coachId) continue;
    const clientId = record.person.id;
    const summary = summaryOf(record, now, {
      unreadMessages: coachUnreadOf(state, clientId),
      followUp: listedFollowUpOf(state, clientId, now),
    });
    const attention = attentionOf(summary, now);
    if (attention.category !== 'ok') needing.set(clientId, attention.reasons);
  }
  const open = store.episodes.filter(
    (episode) => episode.coachId === coachId && episode.endedAt === null,
  );
  const { opened, ended } = episodeChanges(open, needing);
  const at = now.toISOString();
  for (const episode of open) if (ended.includes(episode.id)) episode.endedAt = at;
  for (const { clientId, reasons } of opened) {
    store.sequence += 1;
    store.episodes.push({
      id: mockEpisodeId(store.sequence),
      clientId,
      coachId,
      startedAt: at,
      reasons,
      firstActionAt: null,
      firstActionKind: null,
      endedAt: null,
    });
  }
}

/**
 * MSW handlers of the attention episodes over the mock state, by the server's rules: a client's
 * episodes with their coach (the one 404 to anyone else), newest first, and the coach's figures
 * over the last 30 days (403 'forbidden' for a client); both after a sweep at the instant of the
 * list's figures (the mocks' now, as the clients list), and
 * the coach's actions in the other mocks mark the first action (`markMockFirstAction`).
 */
export function createEpisodeHandlers(options: EpisodeHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  const store = mockEpisodesOf(state);

  return [
    handle('listClientEpisodes', ({ userId, params }) => {
      const caller = state.persons.find((person) => person.userId === userId);
      const id = params.clientId?.toLowerCase();
      const record = state.clients.find((client) => client.person.id === id);
      if (caller?.type !== 'coach' || !record || record.person.coachId !== caller.id) {
        return error(404, 'not_found', messages.clientNotFound);
      }
      sweepCoach(state, caller.id, mockNow);
      const items = store.episodes
        .filter((episode) => episode.clientId === record.person.id && episode.coachId === caller.id)
        .sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt))
        .slice(0, episodeLimits.listMax)
        .map(({ coachId: _coachId, ...episode }) => episode);
      return HttpResponse.json({
        items,
        generatedAt: mockNow.toISOString(),
      } satisfies AttentionEpisodeList);
    }),
    handle('getAttentionFigures', ({ userId }) => {
      const caller = state.persons.find((person) => person.userId === userId);
      if (caller?.type !== 'coach') {
        return error(403, 'forbidden', messages.onlyCoachesReadAttentionFigures);
      }
      const at = mockNow;
      if (!options.emptyLists) sweepCoach(state, caller.id, at);
      const own = options.emptyLists
        ? []
        : store.episodes.filter((episode) => episode.coachId === caller.id);
      return HttpResponse.json({
        days: episodeFigureDays,
        ...episodeFigures(own, at),
        keptAt: at.toISOString(),
      } satisfies AttentionFigures);
    }),
  ];
}
