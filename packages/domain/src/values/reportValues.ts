// The report limits and names without schemas: the app uses them without TypeBox. reports.ts
// builds the schemas on them.

/** Limits of a client report (issue 11): the app's counters and the server's checks share them. */
export const reportLimits = {
  /** Longest coach note of each section ('length/500' under each textarea). */
  noteMaxLength: 500,
  /** Longest period a report covers, in days; the default period is the journey so far, cut to it. */
  periodMaxDays: 90,
  /** Most reports `GET /clients/:clientId/reports` lists (the newest). */
  listMax: 100,
  /** Seconds a caller is told to wait (`Retry-After`) when the renderers are full. */
  busyRetryAfterSeconds: 5,
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
