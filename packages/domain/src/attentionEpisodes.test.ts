import { describe, expect, it } from 'vitest';
import { type AttentionEpisode, episodeChanges, episodeFigures } from './attentionEpisodes.ts';
import type { AttentionReason } from './needsAttention.ts';

const now = new Date('2026-11-25T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const low: AttentionReason = { kind: 'lowIndicator', indicator: 'mental', value: 62, days: 3 };

let sequence = 0;
function episode(overrides: Partial<AttentionEpisode>): AttentionEpisode {
  sequence += 1;
  return {
    id: `episode-${sequence}`,
    clientId: `client-${sequence}`,
    startedAt: hoursAgo(48),
    reasons: [low],
    firstActionAt: null,
    firstActionKind: null,
    endedAt: null,
    ...overrides,
  };
}

describe('episodeChanges', () => {
  it('opens an episode for a client who entered attention and ends the one of a client who left', () => {
    const stays = episode({ clientId: 'ada' });
    const leaves = episode({ clientId: 'ben' });
    const changes = episodeChanges(
      [stays, leaves],
      new Map([
        ['ada', [low]],
        ['cleo', [low]],
      ]),
    );
    expect(changes).toEqual({ opened: [{ clientId: 'cleo', reasons: [low] }], ended: [leaves.id] });
    expect(episodeChanges([stays], new Map([['ada', [low]]]))).toEqual({ opened: [], ended: [] });
  });
});

describe('episodeFigures', () => {
  it('counts the episodes started in the last 30 days: the median hours to a first action, ended within 7 days of it or with none', () => {
    const figures = episodeFigures(
      [
        // Acted on after 5 h, ended 4 days later: ended after an action.
        episode({
          startedAt: hoursAgo(200),
          firstActionAt: hoursAgo(195),
          firstActionKind: 'message',
          endedAt: hoursAgo(195 - 96),
        }),
        // Acted on after 1 h, ended 8 days later: neither.
        episode({
          startedAt: hoursAgo(300),
          firstActionAt: hoursAgo(299),
          firstActionKind: 'note',
          endedAt: hoursAgo(299 - 192),
        }),
        // Acted on after 10 h, still open.
        episode({
          startedAt: hoursAgo(30),
          firstActionAt: hoursAgo(20),
          firstActionKind: 'report',
        }),
        // Ended with no action.
        episode({ startedAt: hoursAgo(100), endedAt: hoursAgo(50) }),
        // Started 31 days ago: out of the window.
        episode({ startedAt: hoursAgo(31 * 24), endedAt: hoursAgo(10) }),
      ],
      now,
    );
    expect(figures).toEqual({
      episodes: 4,
      actedOn: 3,
      medianHoursToFirstAction: 5,
      endedAfterAction: 1,
      endedWithoutAction: 1,
    });
  });

  it('has no median without an action, and nothing to count without episodes', () => {
    expect(episodeFigures([episode({ startedAt: hoursAgo(3) })], now)).toMatchObject({
      episodes: 1,
      actedOn: 0,
      medianHoursToFirstAction: null,
    });
    expect(episodeFigures([], now)).toEqual({
      episodes: 0,
      actedOn: 0,
      medianHoursToFirstAction: null,
      endedAfterAction: 0,
      endedWithoutAction: 0,
    });
  });

  it('takes the middle of an even number of times to act as their mean', () => {
    const acted = (hours: number) =>
      episode({ startedAt: hoursAgo(100), firstActionAt: hoursAgo(100 - hours) });
    expect(episodeFigures([acted(2), acted(4), acted(8), acted(30)], now)).toMatchObject({
      medianHoursToFirstAction: 6,
    });
  });
});
