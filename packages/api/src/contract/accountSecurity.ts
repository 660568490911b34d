import { accountSecurityLimits, securityEventKinds, sessionProofs } from '@coach/domain';
import { type Static, Type } from 'typebox';
import { ResetRequestIdSchema } from './auth.ts';
import { literalUnion } from './enumeration.ts';
import { EmailSchema, LoginPasswordSchema } from './fieldSchemas.ts';
import { IdSchema } from './ids.ts';
import { routeCalls } from './routeCalls.ts';
import { errors, NoContentSchema, type RouteDefinition } from './routeDefinition.ts';

// The account's security (issue 64): a session proves it is its owner's (the password again, for
// an account without a second factor) before it adds a factor; the owner sees the recent security
// events and ends every other session; a security notice's 'it was not me' link ends every
// session and starts a reset.

/** `POST /session/password` body: the password entered again. */
export const ConfirmPasswordBodySchema = Type.Object(
  { password: LoginPasswordSchema },
  { additionalProperties: false, description: "The account's password, entered again" },
);

/** See {@link ConfirmPasswordBodySchema}. */
export type ConfirmPasswordBody = Static<typeof ConfirmPasswordBodySchema>;

/** One event of the account's security. */
export const SecurityEventSchema = Type.Object(
  {
    id: IdSchema,
    kind: literalUnion(securityEventKinds, { description: 'What happened' }),
    at: Type.String({ format: 'date-time', description: 'When' }),
    browser: Type.Union([Type.String({ maxLength: 80 }), Type.Null()], {
      description: "The browser and system it came from ('Firefox on Linux'); null: unknown",
    }),
    proofs: Type.Array(literalUnion(sessionProofs, { description: 'A proof' }), {
      maxItems: sessionProofs.length,
      description: 'How a sign-in was made (empty for other events)',
    }),
    isThisSession: Type.Boolean({ description: 'The sign-in of the session asking' }),
  },
  { description: 'A security event of the account' },
);

/** See {@link SecurityEventSchema}. */
export type SecurityEvent = Static<typeof SecurityEventSchema>;

/** `GET /security-events` answer. */
export const SecurityEventsSchema = Type.Object(
  {
    events: Type.Array(SecurityEventSchema, {
      maxItems: accountSecurityLimits.securityEventsListed,
      description: 'Newest first',
    }),
    otherSessions: Type.Integer({
      minimum: 0,
      description: 'Sessions of the account open elsewhere (other than the one asking)',
    }),
  },
  { description: "The account's recent security events" },
);

/** See {@link SecurityEventsSchema}. */
export type SecurityEvents = Static<typeof SecurityEventsSchema>;

/** `POST /session/end-others` answer. */
export const EndedSessionsSchema = Type.Object(
  { ended: Type.Integer({ minimum: 0, description: 'Sessions ended' }) },
  { description: 'The other sessions ended' },
);

/** See {@link EndedSessionsSchema}. */
export type EndedSessions = Static<typeof EndedSessionsSchema>;

/** `POST /security-link` body. */
export const SecurityLinkBodySchema = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 256,
      pattern: '^[A-Za-z0-9_.-]+$',
      description: "The token of a security notice's link",
    }),
  },
  { additionalProperties: false, description: "A security notice's 'it was not me' link" },
);

/** See {@link SecurityLinkBodySchema}. */
export type SecurityLinkBody = Static<typeof SecurityLinkBodySchema>;

/** `POST /security-link` answer: the reset it started (a code is mailed to `email`). */
export const SecurityLinkAnswerSchema = Type.Object(
  { email: EmailSchema, resetRequestId: ResetRequestIdSchema },
  { description: 'Every session ended; a reset code is on its way to the email' },
);

/** See {@link SecurityLinkAnswerSchema}. */
export type SecurityLinkAnswer = Static<typeof SecurityLinkAnswerSchema>;

/** The calls of the account's security (the auth service). */
export const accountSecurityRoutes = {
  confirmPassword: {
    ...routeCalls.confirmPassword,
    summary:
      'Confirm the password in this session: for 5 minutes an account without a second factor may add one',
    body: ConfirmPasswordBodySchema,
    response: { 204: NoContentSchema, ...errors(400, 401, 403, 429) },
  },
  listSecurityEvents: {
    ...routeCalls.listSecurityEvents,
    summary:
      "The caller's recent security events: sign-ins, factor and password changes, ended sessions",
    response: { 200: SecurityEventsSchema, ...errors(401, 403) },
  },
  endOtherSessions: {
    ...routeCalls.endOtherSessions,
    summary: "End every session of the caller's account but this one",
    response: { 200: EndedSessionsSchema, ...errors(401, 403) },
  },
  useSecurityLink: {
    ...routeCalls.useSecurityLink,
    summary:
      "A security notice's 'it was not me' link: ends every session of the account and mails a reset code",
    body: SecurityLinkBodySchema,
    response: { 200: SecurityLinkAnswerSchema, ...errors(400, 429) },
  },
} as const satisfies Record<string, RouteDefinition>;
