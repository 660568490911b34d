import {
  type AttentionReason,
  attentionOf,
  episodeChanges,
  episodeFigureDays,
  episodeFigures,
  messages,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { type AttentionEpisodeList, episodeLimits } from '../contract/attentionEpisodes.ts';
import type { AttentionFigures } from '../contract/attentionFigures.ts';
import { mockEpisodeId, mockEpisodesOf, seededAttentionFigures } from './episodeStore.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { coachUnreadOf } from './messagingHandlers.ts';
import { summaryOf } from './mockAnalytics.ts';
import { listedFollowUpOf } from './notesHandlers.ts';
import { errorResponse as error, type MockHandlerOptions, mockService } from './route.ts';
import type { MockState } from './state.ts';

/** Options of {@link createEpisodeHandlers}. */
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
 * The coach's attention figures as the clients list answers them: over the coach's kept episodes
 * by the domain's `episodeFigures` (none for a coach shown with no clients, `emptyLists`). As on
 * the server, reading the list sweeps nothing: the episodes are as the last sweep left them.
 */
export function mockAttentionFigures(
  state: MockState,
  coachId: string,
  hasNoClients = false,
): AttentionFigures {
  const own = hasNoClients
    ? []
    : mockEpisodesOf(state).episodes.filter((episode) => episode.coachId === coachId);
  return {
    days: episodeFigureDays,
    ...(seededAttentionFigures(state) ?? episodeFigures(own, mockNow)),
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
 * MSW handler of the attention episodes over the mock state, by the server's rules: a client's
 * episodes with their coach (the one 404 to anyone else), newest first, after a sweep at the
 * instant of the list's figures (the mocks' now, as the clients list), and
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
  ];
}
