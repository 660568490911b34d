import type { EngagementFigures, JourneyProgress, PhaseIndicators } from './shapes.ts';
import { engagementFullHours } from './values/analyticsValues.ts';
import type { Indicator } from './values/surveyValues.ts';

const hourMs = 3_600_000;

/** A client silent for this many hours (no app use at all) has 'no data'. */
export const noDataAfterHours = 24;

/**
 * Under this many hours of app use in 48 h (a quarter of the 10 h target) engagement is far
 * below the target.
 */
export const lowEngagementHours = engagementFullHours / 4;

/** Indicators in the order the reasons list them (the table's column order). */
const indicatorOrder = ['productivity', 'mental', 'physical'] as const satisfies Indicator[];

/** Why a client needs attention; the screen words each one. */
export type AttentionReason =
  /**
   * An indicator average under the lagging limit (70 %), as the server rounded and flagged it,
   * and for how many of the latest days in a row the daily figure was low (`lowDays`; 0: the
   * latest day was not low, or unknown).
   */
  | { kind: 'lowIndicator'; indicator: Indicator; value: number; days: number }
  /** Far below the engagement target, while the app was still used within a day. */
  | { kind: 'lowEngagement'; hours: number }
  /**
   * No app use for `hoursSilent` hours (a day or more) since `lastConnectedAt`; null for both:
   * never used since the journey started a day or more ago.
   */
  | { kind: 'noData'; lastConnectedAt: string | null; hoursSilent: number | null }
  /** Messages of the client the coach has not read (only when the caller gives the count). */
  | { kind: 'unreadMessages'; count: number };

/**
 * 'noData' outranks 'lowScore' (the figures of a silent client are stale, not low), which
 * outranks 'unreadMessages' (figures fine, but the client wrote); 'ok' is none of them.
 */
export type AttentionCategory = 'noData' | 'lowScore' | 'unreadMessages' | 'ok';

/** A client's attention status: its category and the reasons, most urgent first. */
export type Attention = { category: AttentionCategory; reasons: AttentionReason[] };

/** The figures the rule reads: those of a row of the clients list. */
export type AttentionInput = {
  journey: JourneyProgress;
  engagement: EngagementFigures;
  indicators: PhaseIndicators;
  /**
   * The client's messages the coach has not read: from 1 on, the client needs attention. Absent
   * (the morning mail), the rule reads the figures alone.
   */
  unreadMessages?: number;
};

/** Within its first `days` days of learn a client's history is too short to judge. */
const isNewcomer = ({ step, currentDay }: AttentionInput['journey'], days: number) =>
  step === 'learn' && currentDay <= days;

function noDataReason({ journey, engagement }: AttentionInput, now: Date): AttentionReason | null {
  if (engagement.lastConnectedAt === null) {
    // Day 1 is the day the client joined: silence then is not yet a sign of anything.
    return isNewcomer(journey, 1)
      ? null
      : { kind: 'noData', lastConnectedAt: null, hoursSilent: null };
  }
  const hoursSilent = Math.floor(
    (now.getTime() - new Date(engagement.lastConnectedAt).getTime()) / hourMs,
  );
  return hoursSilent >= noDataAfterHours
    ? { kind: 'noData', lastConnectedAt: engagement.lastConnectedAt, hoursSilent }
    : null;
}

/**
 * Whether a client of the list needs the coach, and why (see the decision on the clients list):
 * - no data: no app use for 24 h or more (from the last connection), or never since the
 *   journey's first day (day 1 of learn is not judged); then engagement is not listed again (it follows from the silence);
 * - low engagement: under 2.5 h of app use in 48 h (a quarter of the 10 h target), from learn's
 *   third day on (before it, the 48 h window reaches back before the client joined);
 * - low score: an indicator average under 70 %, read from the server's `lagging` flag, so the
 *   rule never contradicts the figure shown; never in grow, which has no reflection windows and
 *   so no current figures to judge.
 * `now` is the list's `generatedAt`, the instant the figures describe.
 */
export function attentionOf(client: AttentionInput, now: Date): Attention {
  const noData = noDataReason(client, now);
  const reasons: AttentionReason[] = noData ? [noData] : [];
  // The 48 h window is whole from learn's day 3 on.
  if (!noData && client.engagement.hours < lowEngagementHours && !isNewcomer(client.journey, 2)) {
    reasons.push({ kind: 'lowEngagement', hours: client.engagement.hours });
  }
  if (client.journey.step !== 'grow') {
    for (const indicator of indicatorOrder) {
      const figure = client.indicators[indicator];
      if (figure.lagging && figure.value !== null) {
        reasons.push({
          kind: 'lowIndicator',
          indicator,
          value: figure.value,
          // An answer of a server from before `lowDays` has none: the value alone then.
          days: figure.lowDays ?? 0,
        });
      }
    }
  }
  const hasFigureReasons = reasons.length > 0;
  const unread = client.unreadMessages ?? 0;
  if (unread > 0) reasons.push({ kind: 'unreadMessages', count: unread });
  const category: AttentionCategory = noData
    ? 'noData'
    : hasFigureReasons
      ? 'lowScore'
      : unread > 0
        ? 'unreadMessages'
        : 'ok';
  return { category, reasons };
}

/**
 * The clients of a list who need attention at `now` (`attentionOf`'s category is not 'ok'), by
 * client id, with their reasons: what the attention episodes' sweep opens and ends episodes by,
 * on the server and in the mocks.
 */
export function clientsNeedingAttention(
  rows: readonly (AttentionInput & { clientId: string })[],
  now: Date,
): Map<string, AttentionReason[]> {
  const needing = new Map<string, AttentionReason[]>();
  for (const row of rows) {
    const attention = attentionOf(row, now);
    if (attention.category !== 'ok') needing.set(row.clientId, attention.reasons);
  }
  return needing;
}

const categoryRank: Record<AttentionCategory, number> = {
  noData: 3,
  lowScore: 2,
  unreadMessages: 1,
  ok: 0,
};

/** The reasons from the figures (every one but unread messages). */
const figureReasons = (attention: Attention) =>
  attention.reasons.filter((reason) => reason.kind !== 'unreadMessages').length;

/** The unread messages of a verdict, 0 without. */
function unreadOf(attention: Attention): number {
  const reason = attention.reasons.find((each) => each.kind === 'unreadMessages');
  return reason?.kind === 'unreadMessages' ? reason.count : 0;
}

/** The lowest lagging indicator value, or 100 without one: lower is more urgent. */
function lowestIndicator(attention: Attention): number {
  let lowest = 100;
  for (const reason of attention.reasons) {
    if (reason.kind === 'lowIndicator') lowest = Math.min(lowest, reason.value);
  }
  return lowest;
}

/**
 * Orders clients most urgent first: 'no data' (longest silent first, never-used first of all),
 * then 'low score' (more reasons from the figures first, then the lowest indicator), then
 * 'unread messages' (more first), then the others; within 'no data' and 'low score', more unread
 * messages come first. Ties are left to the caller (a stable sort keeps its name order).
 */
export function compareAttention(a: Attention, b: Attention): number {
  const byCategory = categoryRank[b.category] - categoryRank[a.category];
  if (byCategory !== 0) return byCategory;
  if (a.category === 'noData') {
    const [silentA, silentB] = [silence(a), silence(b)];
    if (silentA !== silentB) return silentA > silentB ? -1 : 1;
    return unreadOf(b) - unreadOf(a);
  }
  return (
    figureReasons(b) - figureReasons(a) ||
    lowestIndicator(a) - lowestIndicator(b) ||
    unreadOf(b) - unreadOf(a)
  );
}

function silence(attention: Attention): number {
  const reason = attention.reasons[0];
  if (reason?.kind !== 'noData') return 0;
  return reason.hoursSilent ?? Number.POSITIVE_INFINITY;
}
