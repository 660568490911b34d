import { type Static, Type } from 'typebox';
import { literalUnion } from './enumeration.ts';
import { IdSchema } from './ids.ts';
import { ClientIdParamsSchema, JourneyStepSchema } from './journey.ts';
import { routeCalls } from './routeCalls.ts';
import { errors, type RouteDefinition } from './routeDefinition.ts';

// "Who did what" on a client profile: the coach's own actions on one client, read from
// the audit log. Only what happened and when: never a note, an answer or an address.

/** Limits of the coach's actions history. */
export const coachActionLimits = {
  /** Most actions `GET /clients/:clientId/coachActions` lists (the newest). */
  listMax: 100,
} as const;

/**
 * What a coach did to a client: sent the invite the client accepted (or sent it again), started
 * a phase, generated a report.
 */
export const coachActionKindNames = [
  'invited',
  'inviteResent',
  'phaseChanged',
  'reportGenerated',
] as const;

/** A kind of {@link coachActionKindNames}. */
export type CoachActionKind = (typeof coachActionKindNames)[number];

/** One action of the coach on the client. */
export const CoachActionSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[0-9]{1,19}$',
      maxLength: 19,
      description: 'The audit entry it was read from (a number, as text)',
    }),
    kind: literalUnion(coachActionKindNames, {
      description: 'invited, inviteResent, phaseChanged or reportGenerated',
    }),
    at: Type.String({ format: 'date-time', description: 'When the coach did it' }),
    fromPhase: Type.Union([JourneyStepSchema, Type.Null()], {
      description: 'The phase left (phaseChanged only, else null)',
    }),
    toPhase: Type.Union([JourneyStepSchema, Type.Null()], {
      description: 'The phase started (phaseChanged only, else null)',
    }),
    reportId: Type.Union([IdSchema, Type.Null()], {
      description: 'The report generated (reportGenerated only, else null)',
    }),
  },
  { description: "One of the coach's actions on a client" },
);

/** See {@link CoachActionSchema}. */
export type CoachAction = Static<typeof CoachActionSchema>;

/** `GET /clients/:clientId/coachActions` answer. */
export const CoachActionListSchema = Type.Object(
  {
    items: Type.Array(CoachActionSchema, {
      maxItems: coachActionLimits.listMax,
      description: 'Newest first, at most 100',
    }),
  },
  { description: "The caller's own actions on a client" },
);

/** See {@link CoachActionListSchema}. */
export type CoachActionList = Static<typeof CoachActionListSchema>;

/** The call of the coach's actions history (analytics: it reads, it never writes). */
export const coachActionRoutes = {
  listClientCoachActions: {
    ...routeCalls.listClientCoachActions,
    summary:
      "The caller's own actions on their client (invite, phase changes, reports), newest " +
      'first, at most 100 (their coach only)',
    params: ClientIdParamsSchema,
    response: { 200: CoachActionListSchema, ...errors(400, 401, 404) },
  },
} as const satisfies Record<string, RouteDefinition>;
