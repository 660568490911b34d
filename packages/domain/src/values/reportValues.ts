// The report limits and names without schemas: the app uses them without TypeBox. reports.ts
// builds the schemas on them.

/** Limits of a client report: the app's counters and the server's checks share them. */
export const reportLimits = {
  /** Longest coach note of each section ('length/500' under each textarea). */
  noteMaxLength: 500,
  /** Longest period a report covers, in days; the default period is the journey so far, cut to it. */
  periodMaxDays: 90,
  /**
   * Most reports a page of `GET /clients/:clientId/reports` lists, and the size of a page when
   * the caller names none (the first page is what the list was before it had pages).
   */
  listMax: 100,
  /**
   * Most reports a coach generates in any `quotaWindowSeconds`, over all their clients (429 past
   * it). Every report is a PDF kept until the coach deletes it: without a ceiling one coach could
   * fill the database in hours. A coach with a full caseload who writes every client a report
   * each week, and redoes a few, makes a handful a day; 200 leaves room for a coach who writes
   * every client's report on the same day and some twice, and stops a script within seconds.
   */
  dailyMax: 200,
  /** The window of `dailyMax`, in seconds: the last 24 hours, sliding. */
  quotaWindowSeconds: 24 * 60 * 60,
  /** Seconds a caller is told to wait (`Retry-After`) when the renderers are full. */
  busyRetryAfterSeconds: 5,
  /**
   * Most of the coach's notes of the period a report lists when asked to (the newest; the PDF
   * says how many older ones it leaves out): a period of 90 days of daily notes stays a readable
   * handful of pages.
   */
  periodNotesMax: 30,
  /**
   * Most characters of those notes together (a note holds up to 5,000): about ten pages, so that
   * a renderer's time stays bounded whatever the notes. The newest note is always listed.
   */
  periodNotesMaxCharacters: 30_000,
} as const;

/** The coach's notes of a report, in the order the form and the PDF show them. */
export const reportNoteNames = [
  'mentalWellbeing',
  'physicalWellbeing',
  'productivity',
  'finalComments',
] as const;

/** A note of {@link reportNoteNames}. */
export type ReportNoteName = (typeof reportNoteNames)[number];

/** The answer types of `GET /clients/:clientId/reports/:reportId`. */
export const reportContentTypes = ['application/pdf'] as const;
