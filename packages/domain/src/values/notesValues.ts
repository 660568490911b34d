// The limits and names of the coach's notes on a client and their follow-ups, without schemas:
// the app's counters, the mocks and the server's checks share them (notes.ts in the contract
// builds the schemas on them).

/** Limits of the notes and follow-ups. */
export const notesLimits = {
  /** Longest note, in characters. */
  noteMaxLength: 5000,
  /** Most notes a page of a client's notes lists, and the size of a page when none is named. */
  pageMax: 50,
  /** Longest search within a client's notes, in characters. */
  searchMaxLength: 100,
  /** How long after writing a coach may still edit a note, in seconds; then it stays as written. */
  editWindowSeconds: 24 * 60 * 60,
  /** Longest reason of a follow-up, in characters. */
  followUpReasonMaxLength: 200,
  /** Latest date of a follow-up: the same day this many years after the coach's today. */
  followUpMaxYearsAhead: 2,
} as const;

/**
 * What one coach may write in a day: notes and follow-ups set or moved. A coach with a full
 * caseload writes a note on a few dozen clients a day; the ceilings stop a script, not a coach.
 */
export const notesQuotas = {
  notesPerDay: 500,
  followUpsPerDay: 300,
} as const;

/**
 * What a coach does on a client that counts as acting on them: it ends a due or planned follow-up
 * and is an attention episode's first action.
 */
export const actingKinds = ['message', 'note', 'followUp', 'phaseChange', 'report'] as const;

/** A value of {@link actingKinds}. */
export type ActingKind = (typeof actingKinds)[number];

/** How a follow-up ended: marked done, ended by an action on the client, or dropped. */
export const followUpEndings = ['done', 'acted', 'dropped'] as const;

/** A value of {@link followUpEndings}. */
export type FollowUpEnding = (typeof followUpEndings)[number];
