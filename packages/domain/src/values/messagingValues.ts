// The limits and names of the messages between a coach and each client, without schemas: the
// app's counters, the mocks and the server's checks share them (messaging.ts in the contract
// builds the schemas on them).

/** Who wrote a message of a thread. */
export const messageAuthors = ['coach', 'client'] as const;

/** A value of {@link messageAuthors}. */
export type MessageAuthor = (typeof messageAuthors)[number];

/** Limits of the messages and the coach's quick replies. */
export const messagingLimits = {
  /** Longest message, in characters (the composer's counter: 'length/2000'). */
  messageMaxLength: 2000,
  /** Most messages a page of a thread lists, and the size of a page when the caller names none. */
  pageMax: 50,
  /** How long after sending a coach may still delete their message, in seconds. */
  deleteWindowSeconds: 5 * 60,
  /** Most quick replies a coach keeps. */
  quickRepliesMax: 20,
  /** Longest quick reply, in characters (it goes into the composer whole). */
  quickReplyMaxLength: 2000,
  /**
   * At most one mail per client in this many seconds telling them that their coach wrote (the
   * mail never holds the text).
   */
  mailEverySeconds: 60 * 60,
} as const;

/**
 * What one writer (a coach over all their clients, or a client) may send: messages a minute and a
 * day, and the characters of a day. A coach with a full caseload who writes each client a few
 * times a day sends some hundred messages; a client in a long exchange, a few dozen. The ceilings
 * are well above that and stop a script within a minute.
 */
export const messagingQuotas = {
  coach: { perMinute: 30, perDay: 1000, charactersPerDay: 500_000 },
  client: { perMinute: 10, perDay: 200, charactersPerDay: 100_000 },
} as const;

/** The placeholder of a quick reply that becomes the client's first name. */
export const quickReplyFirstName = '{firstName}';
