import { describe, expect, it } from 'vitest';
import {
  type AttentionEpisode,
  episodeChanges,
  episodeFigures,
  episodeSpan,
  episodeStory,
} from './attentionEpisodes.ts';
import { type AttentionReason, attentionOf } from './needsAttention.ts';

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

describe('episodeStory', () => {
  it('tells an ended episode acted on: the first action after the start, the end after the action', () => {
    const story = episodeStory(
      episode({
        startedAt: hoursAgo(120),
        firstActionAt: hoursAgo(115),
        firstActionKind: 'message',
        endedAt: hoursAgo(115 - 96),
      }),
      now,
    );
    expect(story).toEqual({
      reasons: [low],
      firstAction: { kind: 'message', after: { unit: 'hours', count: 5 } },
      end: {
        state: 'ended',
        ending: 'lowIndicator',
        after: { unit: 'days', count: 4 },
        afterAction: true,
      },
    });
  });

  it('tells an open episode with no action by its age, and one of several reasons ends as a whole', () => {
    expect(episodeStory(episode({ startedAt: hoursAgo(9 * 24 + 3) }), now)).toEqual({
      reasons: [low],
      firstAction: null,
      end: { state: 'open', for: { unit: 'days', count: 9 } },
    });
    const silent: AttentionReason = { kind: 'noData', lastConnectedAt: null, hoursSilent: null };
    const ended = episodeStory(
      episode({ reasons: [silent, low], startedAt: hoursAgo(30), endedAt: hoursAgo(10) }),
      now,
    );
    expect(ended.end).toEqual({
      state: 'ended',
      ending: 'all',
      after: { unit: 'hours', count: 20 },
      afterAction: false,
    });
  });

  it('counts minutes under an hour, hours under two days, then whole days', () => {
    expect(episodeSpan(59 * 60_000)).toEqual({ unit: 'minutes', count: 59 });
    expect(episodeSpan(47.9 * 3_600_000)).toEqual({ unit: 'hours', count: 47 });
    expect(episodeSpan(48 * 3_600_000)).toEqual({ unit: 'days', count: 2 });
    expect(episodeSpan(-5)).toEqual({ unit: 'minutes', count: 0 });
  });
});

/** `episodes` after a sweep at `at` (the changes the server's sweep writes in SQL). */
function sweptEpisodes(
  episodes: readonly AttentionEpisode[],
  needingAttention: ReadonlyMap<string, AttentionReason[]>,
  at: Date,
  newId: () => string,
): AttentionEpisode[] {
  const open = episodes.filter((episode) => episode.endedAt === null);
  const { opened, ended } = episodeChanges(open, needingAttention);
  const endedIds = new Set(ended);
  const instant = at.toISOString();
  return [
    ...episodes.map((episode) =>
      endedIds.has(episode.id) ? { ...episode, endedAt: instant } : episode,
    ),
    ...opened.map(({ clientId, reasons }) => ({
      id: newId(),
      clientId,
      startedAt: instant,
      reasons,
      firstActionAt: null,
      firstActionKind: null,
      endedAt: null,
    })),
  ];
}

describe('a fixed history swept hourly', () => {
  // A client in another time zone than the coach and the server, over the end of summer time in
  // Europe (2026-10-25, 01:00 UTC), moved from sense to grow by their coach.
  const start = new Date('2026-10-24T12:00:00.000Z');
  const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000);
  const lowFigure = { value: 62, lagging: true, lowDays: 3 };
  const fine = { value: 80, lagging: false, lowDays: 0 };
  function client(hour: number, step: 'sense' | 'grow', lastUse: number, mental = fine) {
    return {
      journey: { step, currentDay: 10, startDate: '2026-10-15', journeyStartDate: '2026-10-01' },
      engagement: {
        hours: 6,
        hoursLast24h: 3,
        ratio: 0.6,
        lastConnectedAt: at(lastUse).toISOString(),
      },
      indicators: {
        basis: step === 'grow' ? ('previousPhase' as const) : ('currentPhase' as const),
        phase: 'sense' as const,
        productivity: fine,
        mental: hour >= 0 ? mental : fine,
        physical: fine,
      },
    };
  }

  function replay(history: { hour: number; input: ReturnType<typeof client> }[]) {
    let episodes: AttentionEpisode[] = [];
    let ids = 0;
    for (const { hour, input } of history) {
      const attention = attentionOf(input, at(hour));
      const needing = new Map(attention.category === 'ok' ? [] : [['cleo', attention.reasons]]);
      episodes = sweptEpisodes(episodes, needing, at(hour), () => `e${++ids}`);
    }
    return episodes;
  }

  it('opens on silence 24 h after the last use, whatever the clocks did, and ends when the client is back', () => {
    const history = Array.from({ length: 40 }, (_, hour) => ({
      hour,
      // Last use at hour 0; back in the app at hour 30.
      input: client(hour, 'sense', hour >= 30 ? hour : 0),
    }));
    const [silence, ...others] = replay(history);
    expect(others).toEqual([]);
    expect(silence?.startedAt).toBe(at(24).toISOString());
    expect(silence?.reasons[0]).toMatchObject({ kind: 'noData', hoursSilent: 24 });
    expect(silence?.endedAt).toBe(at(30).toISOString());
  });

  it('ends a low-score episode when the coach moves the client to grow, and opens none in grow', () => {
    const history = Array.from({ length: 12 }, (_, hour) => ({
      hour,
      input: client(hour, hour >= 6 ? 'grow' : 'sense', hour, lowFigure),
    }));
    const episodes = replay(history);
    expect(episodes).toHaveLength(1);
    expect(episodes[0]).toMatchObject({
      startedAt: at(0).toISOString(),
      endedAt: at(6).toISOString(),
      reasons: [{ kind: 'lowIndicator', indicator: 'mental', value: 62, days: 3 }],
    });
  });

  it('opens a second episode when the client needs attention again', () => {
    const history = Array.from({ length: 10 }, (_, hour) => ({
      hour,
      input: client(hour, 'sense', hour, hour < 3 || hour >= 7 ? lowFigure : fine),
    }));
    const episodes = replay(history);
    expect(episodes.map((e) => [e.startedAt, e.endedAt])).toEqual([
      [at(0).toISOString(), at(3).toISOString()],
      [at(7).toISOString(), null],
    ]);
  });
});
