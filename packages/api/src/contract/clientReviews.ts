import { type Static, Type } from 'typebox';
import { DateSchema } from './dates.ts';
import { ClientIdParamsSchema } from './journey.ts';
import { routeCalls } from './routeCalls.ts';
import { errors, NoContentSchema, type RouteDefinition } from './routeDefinition.ts';

// 'Reviewed for today' (issue 66, decision 94): the coach's mark that takes a client out of the
// attention queue until the coach's next day or a new flag. The rule is the domain's
// (`queueFlagsOf`, `isInAttentionQueue`); the server works the flags out itself.

/** Most flags a review holds: every reason of the attention rule and a due follow-up. */
const maxFlags = 8;

/** The coach's review of a client today. */
export const ClientReviewSchema = Type.Object(
  {
    day: DateSchema("The coach's day the review holds for, in the coach's time zone, YYYY-MM-DD"),
    reviewedAt: Type.String({ format: 'date-time', description: 'When the coach marked it' }),
    flags: Type.Array(
      Type.String({
        maxLength: 40,
        pattern: '^[A-Za-z]+(:[A-Za-z]+)?$',
        description:
          'A queue flag: noData, lowEngagement, lowIndicator:<indicator>, unreadMessages or followUpDue',
      }),
      {
        maxItems: maxFlags,
        description: "Why the client was in the queue when marked, as the server's rule found it",
      },
    ),
    unreadMessages: Type.Integer({
      minimum: 0,
      description: "The client's unread messages when marked: more since bring the client back",
    }),
  },
  { description: "The coach's 'reviewed for today' of a client" },
);

/** See {@link ClientReviewSchema}. */
export type ClientReview = Static<typeof ClientReviewSchema>;

const perCoachNote = "a coach's reviews are rate-limited per minute and per day (429)";

/** The calls of the reviews (the analytics service: it owns the clients list they show on). */
export const clientReviewRoutes = {
  markClientReviewed: {
    ...routeCalls.markClientReviewed,
    summary:
      "Mark a client 'reviewed for today' (the coach's day), with the flags the server finds " +
      `now; a second mark the same day replaces the first; ${perCoachNote}`,
    params: ClientIdParamsSchema,
    response: { 200: ClientReviewSchema, ...errors(400, 401, 403, 404, 429) },
  },
  unmarkClientReviewed: {
    ...routeCalls.unmarkClientReviewed,
    summary: `Undo today's review of a client (204, also when there was none); ${perCoachNote}`,
    params: ClientIdParamsSchema,
    response: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 429) },
  },
} as const satisfies Record<string, RouteDefinition>;
