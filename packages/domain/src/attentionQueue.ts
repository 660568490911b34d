import type { Attention, AttentionReason } from './needsAttention.ts';

// The coach's attention queue (issue 66): the clients who need attention, have a follow-up due or
// an unread message, less those the coach marked 'reviewed for today' whom nothing new has
// flagged since. A review keeps the reasons it was given for (their stable keys) and the unread
// messages then, so that the queue takes a client back as soon as a new reason or a new message
// comes, on the server's list and in the mocks alike.

/** The stable key of a reason: its kind, and for a low indicator which one. */
function keyOf(reason: AttentionReason): string {
  return reason.kind === 'lowIndicator' ? `lowIndicator:${reason.indicator}` : reason.kind;
}

/**
 * Why a client is in the queue, as stable keys: each reason of `attention` ('noData',
 * 'lowEngagement', 'lowIndicator:<indicator>', 'unreadMessages') in its order, then
 * 'followUpDue' when the client's follow-up is due. Empty: the client is not in the queue.
 */
export function queueFlagsOf(attention: Attention, isFollowUpDue: boolean): string[] {
  const flags = attention.reasons.map(keyOf);
  if (isFollowUpDue) flags.push('followUpDue');
  return flags;
}

/**
 * What one coach may mark or undo of reviews: a coach walking a full caseload marks a client every
 * few seconds at most, a few hundred a day; the ceilings stop a script, not a coach.
 */
export const reviewQuotas = { perMinute: 60, perDay: 2000 } as const;

/** A coach's review of a client: 'reviewed for today'. */
export type ClientReview = {
  /** The coach's day it holds for (YYYY-MM-DD, the coach's time zone when marked). */
  day: string;
  /** When the coach marked it (ISO). */
  reviewedAt: string;
  /** The client's queue flags when marked ({@link queueFlagsOf}), as the server worked them out. */
  flags: string[];
  /** The client's unread messages when marked. */
  unreadMessages: number;
};

/**
 * Whether a client with `flags` and `unreadMessages` now is in the queue, given the coach's
 * review of today (null: none; the caller passes only today's): flagged, and either not reviewed,
 * or flagged for a reason the review did not see, or with more unread messages than then (a new
 * message brings the client back though the 'unreadMessages' flag was already there).
 */
export function isInAttentionQueue(
  flags: readonly string[],
  unreadMessages: number,
  review: ClientReview | null,
): boolean {
  if (flags.length === 0) return false;
  if (review === null) return true;
  const seen = new Set(review.flags);
  return flags.some((flag) => !seen.has(flag)) || unreadMessages > review.unreadMessages;
}
