import { limits, reportContentTypes, reportLimits } from '@coach/domain';
import { type Static, Type } from 'typebox';
import { FreeTextSchema } from './fieldSchemas.ts';
import { IdSchema } from './ids.ts';
import { ClientIdParamsSchema, JourneyStepSchema, LocalDateSchema } from './journey.ts';
import { NextCursorSchema, PageQuerySchema } from './pages.ts';
import { routeCalls } from './routeCalls.ts';
import { errors, NoContentSchema, type RouteDefinition } from './routeDefinition.ts';

const noteSchema = (description: string) =>
  FreeTextSchema({ maxLength: reportLimits.noteMaxLength, description });

/**
 * `POST /clients/:clientId/reports` body: the coach's four notes and, optionally, the period and
 * whether the coach's own notes of the period are in it.
 */
export const CreateReportBodySchema = Type.Object(
  {
    mentalWellbeing: noteSchema('Coach notes on mental wellbeing, at most 500 characters'),
    physicalWellbeing: noteSchema('Coach notes on physical wellbeing, at most 500 characters'),
    productivity: noteSchema('Coach notes on productivity, at most 500 characters'),
    finalComments: noteSchema('Final comments from the coach, at most 500 characters'),
    from: Type.Optional(LocalDateSchema),
    to: Type.Optional(LocalDateSchema),
    includeNotes: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          "Whether the PDF lists the calling coach's own notes on the client written within the " +
          `period (the client's local dates), with their dates: at most ${reportLimits.periodNotesMax} ` +
          `of them and ${reportLimits.periodNotesMaxCharacters} characters, the newest, saying ` +
          'how many older ones are left out. Off unless asked: a report is handed on, the notes are private',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "The coach's notes; the period (the client's local dates, inclusive, at most 90 days) " +
      "defaults to the journey so far up to the client's today, cut to its last 90 days",
  },
);

/** See {@link CreateReportBodySchema}. */
export type CreateReportBody = Static<typeof CreateReportBodySchema>;

/** Path parameters `{ clientId, reportId }`. */
export const ReportParamsSchema = Type.Object(
  { ...ClientIdParamsSchema.properties, reportId: IdSchema },
  { description: "The client's person id and the report's id" },
);

/** See {@link ReportParamsSchema}. */
export type ReportParams = Static<typeof ReportParamsSchema>;

/** A stored report, as the profile lists it (the PDF itself is fetched apart). */
export const ReportSchema = Type.Object(
  {
    id: IdSchema,
    clientId: IdSchema,
    createdAt: Type.String({ format: 'date-time', description: 'When it was generated' }),
    author: Type.Object(
      {
        id: IdSchema,
        name: Type.String({
          maxLength: limits.nameMaxLength * 2 + 1,
          description: "The coach's first and last name when the report was generated",
        }),
      },
      { description: 'The coach who generated it' },
    ),
    period: Type.Object(
      { from: LocalDateSchema, to: LocalDateSchema },
      { description: "The client's local dates it covers, inclusive" },
    ),
    phase: JourneyStepSchema,
    phaseDay: Type.Integer({
      minimum: 0,
      description: 'The day of that phase when it was generated (1 on its start date)',
    }),
    sizeBytes: Type.Integer({ minimum: 1, description: 'Size of the PDF in bytes' }),
  },
  { description: 'A client report (PDF)' },
);

/** See {@link ReportSchema}. */
export type Report = Static<typeof ReportSchema>;

/** `?limit=&before=` of a client's reports. */
export const ReportListQuerySchema = PageQuerySchema(
  reportLimits.listMax,
  reportLimits.listMax,
  "A page of a client's reports",
);

/** See {@link ReportListQuerySchema}. */
export type ReportListQuery = Static<typeof ReportListQuerySchema>;

/** `GET /clients/:clientId/reports` answer. */
export const ReportListSchema = Type.Object(
  {
    items: Type.Array(ReportSchema, {
      maxItems: reportLimits.listMax,
      description: `Newest first, at most ${reportLimits.listMax}`,
    }),
    nextCursor: NextCursorSchema,
  },
  { description: "A page of a client's reports" },
);

/** See {@link ReportListSchema}. */
export type ReportList = Static<typeof ReportListSchema>;

/** The PDF bytes of a report; documented as binary in OpenAPI, never JSON-validated. */
export const PdfSchema = Type.Unsafe<Blob>({
  type: 'string',
  format: 'binary',
  description: 'PDF bytes',
});

/** The calls of client reports (in the resource service, which keeps the files). */
export const reportRoutes = {
  createClientReport: {
    ...routeCalls.createClientReport,
    summary:
      "Generate and store a PDF report of a client's period with the coach's notes (their coach " +
      'only); 503 with Retry-After while the renderers are full, 429 with Retry-After past ' +
      `${reportLimits.dailyMax} reports of the coach in 24 hours`,
    params: ClientIdParamsSchema,
    body: CreateReportBodySchema,
    response: { 201: ReportSchema, ...errors(400, 401, 404, 429, 503) },
  },
  listClientReports: {
    ...routeCalls.listClientReports,
    summary: "A page of a client's reports, newest first (their coach only)",
    params: ClientIdParamsSchema,
    query: ReportListQuerySchema,
    response: { 200: ReportListSchema, ...errors(400, 401, 404) },
  },
  getClientReport: {
    ...routeCalls.getClientReport,
    summary: "Download a client's report as a PDF (their coach only)",
    params: ReportParamsSchema,
    responseContentTypes: reportContentTypes,
    // 429 and 503: too many large answers under way, for the address or in all.
    response: { 200: PdfSchema, ...errors(400, 401, 404, 429, 503) },
  },
  deleteClientReport: {
    ...routeCalls.deleteClientReport,
    summary: "Delete a client's report for good (its author only; anyone else gets the 404)",
    params: ReportParamsSchema,
    response: { 204: NoContentSchema, ...errors(400, 401, 404) },
  },
} as const satisfies Record<string, RouteDefinition>;
