import type { AttentionReason } from './needsAttention.ts';
import type { ActingKind } from './values/notesValues.ts';

// Attention episodes: a client's stretch of 'needs attention' by the clients list's rule, from
// when they entered it to when they left it, with the coach's first action on them in between.
// Whether reaching out helped is read from them: how soon the coach acted, and whether the
// episode ended within a week of that action or without one. One source for the server's sweep
// and the mocks.

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** The days the coach's figures look back over (episodes started in them). */
export const episodeFigureDays = 30;

/** An episode that ended within this many days of the coach's first action ended after it. */
export const endedAfterActionDays = 7;

/** A client's episode of needing attention. */
export type AttentionEpisode = {
  id: string;
  clientId: string;
  /** When the client entered 'needs attention' (ISO instant). */
  startedAt: string;
  /** Why, at the start, most urgent first. */
  reasons: AttentionReason[];
  /** The coach's first action on the client while it was open; null: none yet. */
  firstActionAt: string | null;
  firstActionKind: ActingKind | null;
  /** When the client left 'needs attention'; null while open. */
  endedAt: string | null;
};

/** What a sweep changes: the clients who entered 'needs attention', the episodes that ended. */
export type EpisodeChanges = {
  opened: { clientId: string; reasons: AttentionReason[] }[];
  ended: string[];
};

/**
 * The episodes to open and to end, from the open ones and the clients who need attention now
 * (by client id, with their reasons): a client who needs attention without an open episode
 * starts one; an open episode whose client no longer needs attention (or is no longer the
 * coach's) ends.
 */
export function episodeChanges(
  open: readonly Pick<AttentionEpisode, 'id' | 'clientId'>[],
  needingAttention: ReadonlyMap<string, AttentionReason[]>,
): EpisodeChanges {
  const openClients = new Set(open.map((episode) => episode.clientId));
  return {
    opened: [...needingAttention]
      .filter(([clientId]) => !openClients.has(clientId))
      .map(([clientId, reasons]) => ({ clientId, reasons })),
    ended: open.filter((episode) => !needingAttention.has(episode.clientId)).map(({ id }) => id),
  };
}

/** The coach's figures over their clients' episodes of the last {@link episodeFigureDays} days. */
export type EpisodeFigures = {
  /** Episodes started in the window. */
  episodes: number;
  /** Of those, the ones the coach acted on. */
  actedOn: number;
  /** The median hours from an episode's start to the first action; null when none was acted on. */
  medianHoursToFirstAction: number | null;
  /** Ended within {@link endedAfterActionDays} days of the first action. */
  endedAfterAction: number;
  /** Ended with no action. */
  endedWithoutAction: number;
};

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** {@link EpisodeFigures} at `now`, over `episodes` (any; those started in the window count). */
export function episodeFigures(episodes: readonly AttentionEpisode[], now: Date): EpisodeFigures {
  const since = now.getTime() - episodeFigureDays * dayMs;
  const inWindow = episodes.filter((episode) => {
    const started = Date.parse(episode.startedAt);
    return started >= since && started <= now.getTime();
  });
  const acted = inWindow.filter((episode) => episode.firstActionAt !== null);
  const hoursToAction = acted.map(
    (episode) => (Date.parse(episode.firstActionAt ?? '') - Date.parse(episode.startedAt)) / hourMs,
  );
  const endedAfterAction = acted.filter(
    (episode) =>
      episode.endedAt !== null &&
      Date.parse(episode.endedAt) - Date.parse(episode.firstActionAt ?? '') <=
        endedAfterActionDays * dayMs,
  ).length;
  const endedWithoutAction = inWindow.filter(
    (episode) => episode.endedAt !== null && episode.firstActionAt === null,
  ).length;
  const hours = median(hoursToAction);
  return {
    episodes: inWindow.length,
    actedOn: acted.length,
    medianHoursToFirstAction: hours === null ? null : Math.round(hours * 10) / 10,
    endedAfterAction,
    endedWithoutAction,
  };
}

/** A stretch of time as an episode's words count it: minutes under an hour, hours under two days. */
export type EpisodeSpan = { unit: 'minutes' | 'hours' | 'days'; count: number };

/** `ms` in the unit a reader takes in at a glance (whole units, rounded down). */
export function episodeSpan(ms: number): EpisodeSpan {
  const span = Math.max(0, ms);
  if (span < hourMs) return { unit: 'minutes', count: Math.floor(span / 60_000) };
  if (span < 2 * dayMs) return { unit: 'hours', count: Math.floor(span / hourMs) };
  return { unit: 'days', count: Math.floor(span / dayMs) };
}

/**
 * How an episode ended, as its words say it: out of the one reason it started with ('back above
 * 70%', 'back in the app'...), or of all of them ('no longer needs attention').
 */
export type EpisodeEnding = AttentionReason['kind'] | 'all';

/**
 * An episode told in parts, which the profile words ('Mental 62% for 3 days · you wrote after
 * 5 h · back above 70% 4 days later'; 'still open after 9 days, no action yet'): the reasons it
 * started with, the coach's first action and how long after the start, and its end (how long
 * after the first action, or after the start when there was none) or how long it has been open.
 */
export type EpisodeStory = {
  reasons: AttentionReason[];
  firstAction: { kind: ActingKind; after: EpisodeSpan } | null;
  end:
    | { state: 'ended'; ending: EpisodeEnding; after: EpisodeSpan; afterAction: boolean }
    | { state: 'open'; for: EpisodeSpan };
};

/** {@link EpisodeStory} of `episode` at `now` (the open one's age). */
export function episodeStory(episode: AttentionEpisode, now: Date): EpisodeStory {
  const started = Date.parse(episode.startedAt);
  const acted = episode.firstActionAt === null ? null : Date.parse(episode.firstActionAt);
  const firstAction =
    acted === null || episode.firstActionKind === null
      ? null
      : { kind: episode.firstActionKind, after: episodeSpan(acted - started) };
  if (episode.endedAt === null) {
    return {
      reasons: episode.reasons,
      firstAction,
      end: { state: 'open', for: episodeSpan(now.getTime() - started) },
    };
  }
  const [only, ...others] = episode.reasons;
  return {
    reasons: episode.reasons,
    firstAction,
    end: {
      state: 'ended',
      ending: only && others.length === 0 ? only.kind : 'all',
      after: episodeSpan(Date.parse(episode.endedAt) - (acted ?? started)),
      afterAction: acted !== null,
    },
  };
}
