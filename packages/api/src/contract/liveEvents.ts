import { type Static, Type } from 'typebox';
import { literalUnion } from './enumeration.ts';
import { IdSchema } from './ids.ts';
import { lastEventIdHeader, liveEventsContentType } from './liveEventWire.ts';
import { routeCalls } from './routeCalls.ts';
import { errors, type RouteDefinition } from './routeDefinition.ts';

// The coach's live event stream (`GET /api/analytics/events`, `text/event-stream`): what changed
// among the coach's clients, so that the app refetches what it shows. The names and payloads of
// its events live here once; the server writes them, the app and the mocks read them.

export { lastEventIdHeader, liveEventsContentType } from './liveEventWire.ts';

/**
 * The event names of the stream:
 * - `clients-changed`: some of the coach's clients have new figures (a device batch, a reflection,
 *   an assessment, an exercise, a phase change, an accepted invite); its data lists their ids, at
 *   most one such event a second per coach;
 * - `messages-changed`: the threads of some of the coach's clients changed (a message sent by
 *   either side, a message read or deleted); its data lists the clients' ids, with the same
 *   pace as `clients-changed` (the app reads those threads and the unread counts again);
 * - `refetch`: the server cannot say what changed (a resume it cannot serve, or its database
 *   connection was lost and came back): refetch everything shown.
 * Heartbeats are comment lines (`: heartbeat`), which an event parser skips.
 */
export const liveEventNames = ['clients-changed', 'messages-changed', 'refetch'] as const;

/** See {@link liveEventNames}. */
export type LiveEventName = (typeof liveEventNames)[number];

/** Most client ids one `clients-changed` event lists (a coach with more is told to refetch). */
export const maxChangedClientIds = 500;

/** The data of a `clients-changed` event. */
export const ClientsChangedDataSchema = Type.Object(
  {
    clientIds: Type.Array(IdSchema, {
      minItems: 1,
      maxItems: maxChangedClientIds,
      uniqueItems: true,
      description: "The person ids of the coach's clients whose figures changed",
    }),
  },
  { additionalProperties: false, description: 'Which clients changed' },
);

/** See {@link ClientsChangedDataSchema}. */
export type ClientsChangedData = Static<typeof ClientsChangedDataSchema>;

/** Why the server asks for a refetch. */
export const refetchReasons = ['resume', 'connection', 'overflow'] as const;

/** The data of a `refetch` event. */
export const RefetchDataSchema = Type.Object(
  {
    reason: literalUnion(refetchReasons, {
      description:
        "resume: the Last-Event-ID given cannot be served (unknown, too old, another server's); " +
        'connection: the server lost its database connection for a moment; overflow: more ' +
        'clients changed than one event lists',
    }),
  },
  { additionalProperties: false, description: 'Refetch everything shown' },
);

/** See {@link RefetchDataSchema}. */
export type RefetchData = Static<typeof RefetchDataSchema>;

/** An event of the stream with its payload, by name. */
export type LiveEvent =
  | { event: 'clients-changed'; id: string; data: ClientsChangedData }
  | { event: 'messages-changed'; id: string; data: ClientsChangedData }
  | { event: 'refetch'; id: string; data: RefetchData };

/** The stream's request headers (for the OpenAPI document; a bad value is not refused). */
export const LiveEventsHeadersSchema = Type.Object({
  [lastEventIdHeader]: Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        'The id of the last event received, to resume: the events since are sent again, or ' +
        'a refetch event first when the server cannot serve that id',
    }),
  ),
});

/** The stream's answer: `text/event-stream`, never JSON. */
export const LiveEventStreamSchema = Type.Unsafe<string>({
  type: 'string',
  format: 'binary',
  description:
    'Server-sent events (text/event-stream). Opens with a comment and an id line (the ' +
    'position to resume from, no event); then `clients-changed`, `messages-changed` and ' +
    '`refetch` events, each ' +
    'with an id and JSON data, and a `: heartbeat` comment every 15 s. Ends when the session ' +
    'ends (logout, password change) or the server stops',
});

/** The calls of the live event stream (the analytics service's). */
export const liveEventRoutes = {
  streamLiveEvents: {
    ...routeCalls.streamLiveEvents,
    summary:
      "The coach's live events: which clients' figures or threads changed (coaches only; a bearer token " +
      'in the Authorization header)',
    headers: LiveEventsHeadersSchema,
    responseContentTypes: [liveEventsContentType],
    response: { 200: LiveEventStreamSchema, ...errors(401, 403, 429) },
  },
} as const satisfies Record<string, RouteDefinition>;
