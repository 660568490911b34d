import { attentionOf, messages } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { mockCoachApi } from '../../test/mockCoachApi.ts';
import { rejection } from '../../test/rejection.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import { seedEpisodes } from './episodeStore.ts';
import { mockClientIds } from './fixtures/clientTable.ts';
import { fixtureEpisodes } from './fixtures/episodeFixtures.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { fixtureTokens } from './fixtures.ts';
import { createHandlers } from './handlers.ts';
import { createMockState } from './state.ts';

const { jamie, maria, kai } = mockClientIds;

/** The real client over every handler on one state at the mocks' now, signed in as the coach by default. */
function episodesApi(tokens: Tokens = fixtureTokens.coach) {
  const state = createMockState();
  const handlers = createHandlers({ state, now: () => mockNow });
  return { ...mockCoachApi(handlers, tokens), state };
}

describe('the attention episode mocks', () => {
  it("list a client's episodes newest first: the open one the fixtures seeded, kept open while the client needs attention, then the past one", async () => {
    const { analytics } = episodesApi();
    const { items } = await analytics.listClientEpisodes(maria);
    expect(items.map((episode) => episode.endedAt === null)).toEqual([true, false]);
    expect(items[1]).toMatchObject({
      reasons: [{ kind: 'lowEngagement', hours: 1.5 }],
      firstActionKind: 'note',
    });
    // Kai's figures are all at 70 %: no episode, none seeded.
    expect((await analytics.listClientEpisodes(kai)).items).toEqual([]);
  });

  it("open one at the list's instant for a client who needs attention and has none, with the list's reasons", async () => {
    const { analytics } = episodesApi();
    const list = await analytics.listClientSummaries();
    const needing = list.clients.filter(
      (row) => !(row.clientId in fixtureEpisodes) && attentionOf(row, mockNow).category !== 'ok',
    );
    expect(needing.length).toBeGreaterThan(0);
    for (const row of needing) {
      const { items, generatedAt } = await analytics.listClientEpisodes(row.clientId);
      expect(generatedAt).toBe(mockNow.toISOString());
      expect(items).toEqual([
        {
          id: expect.any(String),
          clientId: row.clientId,
          startedAt: mockNow.toISOString(),
          reasons: attentionOf(row, mockNow).reasons,
          firstActionAt: null,
          firstActionKind: null,
          endedAt: null,
        },
      ]);
    }
  });

  it("mark the coach's first action on the open episode once, and count it in the figures", async () => {
    const { analytics, notes, state } = episodesApi();
    seedEpisodes(state, jamie, []);
    seedEpisodes(state, maria, []);
    await analytics.listClientEpisodes(maria);
    await notes.writeNote(maria, { id: 'abcd0000-0000-4000-8000-000000000001', text: 'Called' });
    await notes.writeNote(maria, { id: 'abcd0000-0000-4000-8000-000000000002', text: 'Again' });
    const [open] = (await analytics.listClientEpisodes(maria)).items;
    expect(open).toMatchObject({ firstActionKind: 'note', firstActionAt: mockNow.toISOString() });

    const { attentionFigures: figures } = await analytics.listClientSummaries();
    expect(figures).toMatchObject({
      days: 30,
      medianHoursToFirstAction: expect.any(Number),
      keptAt: mockNow.toISOString(),
    });
    // The seeded ones cleared: Maria's new episode is the one acted on.
    expect(figures?.actedOn).toBe(1);
    expect(figures?.medianHoursToFirstAction).toBe(0);
  });

  it('answer another caller the one 404 of client calls, as the server does', async () => {
    const { analytics } = episodesApi(fixtureTokens.client);
    expect(await rejection(analytics.listClientEpisodes(maria))).toMatchObject({
      status: 404,
      message: messages.clientNotFound,
    });
  });
});
