import { actingKinds, indicatorNames } from '@coach/domain';
import { type Static, Type } from 'typebox';
import { literalUnion } from './enumeration.ts';
import { IdSchema } from './ids.ts';
import { ClientIdParamsSchema } from './journey.ts';
import { routeCalls } from './routeCalls.ts';
import { errors, type RouteDefinition } from './routeDefinition.ts';

// Whether reaching out helped: a client's attention episodes (from entering 'needs attention' by
// the clients list's rule to leaving it, with the coach's first action in between). The server
// keeps them as the data arrives (decision 72); this call reads what is kept. The coach's figures
// over them come with the clients list (attentionFigures.ts).

/** Limits of the episodes' calls. */
export const episodeLimits = {
  /** Most episodes `GET /clients/:clientId/episodes` lists (the newest). */
  listMax: 50,
} as const;

const instant = (description: string) => Type.String({ format: 'date-time', description });
const nullableInstant = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

/** A reason of 'needs attention' as the domain's rule gives it (`AttentionReason`). */
export const AttentionReasonSchema = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Literal('lowIndicator'),
        indicator: literalUnion(indicatorNames, { description: 'The indicator under 70 %' }),
        value: Type.Number({ minimum: 0, maximum: 100, description: 'Its average, %' }),
        days: Type.Integer({ minimum: 0, description: 'Latest days in a row it was low' }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('lowEngagement'),
        hours: Type.Number({ minimum: 0, description: 'Hours of app use in 48 h' }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('noData'),
        lastConnectedAt: nullableInstant('The last app use; null: never'),
        hoursSilent: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
          description: 'Hours since; null: never used',
        }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('unreadMessages'),
        count: Type.Integer({ minimum: 1, description: 'Messages the coach has not read' }),
      },
      { additionalProperties: false },
    ),
  ],
  { description: "Why a client needs attention (the clients list's rule)" },
);

/** An attention episode of a client with their coach. */
export const AttentionEpisodeSchema = Type.Object(
  {
    id: IdSchema,
    clientId: IdSchema,
    startedAt: instant("When the client entered 'needs attention'"),
    reasons: Type.Array(AttentionReasonSchema, {
      maxItems: 5,
      description: 'Why, at the start, most urgent first',
    }),
    firstActionAt: nullableInstant("The coach's first action while it was open; null: none yet"),
    firstActionKind: Type.Union(
      [
        literalUnion(actingKinds, { description: 'message, note, followUp, phaseChange, report' }),
        Type.Null(),
      ],
      { description: 'What the first action was; null: none yet' },
    ),
    endedAt: nullableInstant("When the client left 'needs attention'; null while open"),
  },
  { description: "A client's stretch of needing attention, and the coach's first action in it" },
);

/** See {@link AttentionEpisodeSchema}. */
export type AttentionEpisodeAnswer = Static<typeof AttentionEpisodeSchema>;

/** `GET /clients/:clientId/episodes` answer. */
export const AttentionEpisodeListSchema = Type.Object(
  {
    items: Type.Array(AttentionEpisodeSchema, {
      maxItems: episodeLimits.listMax,
      description: `Newest first, at most ${episodeLimits.listMax}`,
    }),
    generatedAt: instant("The services' clock when answered: how long an open episode has lasted"),
  },
  { description: "A client's attention episodes with the caller, newest first" },
);

/** See {@link AttentionEpisodeListSchema}. */
export type AttentionEpisodeList = Static<typeof AttentionEpisodeListSchema>;

/** The call of the episodes (analytics: it reads what the server keeps). */
export const attentionEpisodeRoutes = {
  listClientEpisodes: {
    ...routeCalls.listClientEpisodes,
    summary:
      "A client's attention episodes with the caller, newest first, at most 50 (their coach only)",
    params: ClientIdParamsSchema,
    response: { 200: AttentionEpisodeListSchema, ...errors(400, 401, 404) },
  },
} as const satisfies Record<string, RouteDefinition>;
