import { inviteStatuses, limits } from '@coach/domain';
import { type Static, Type } from 'typebox';
import { literalUnion } from './enumeration.ts';
import {
  EmailSchema,
  FreeTextSchema,
  LoginPasswordSchema,
  NameSchema,
  PasswordSchema,
  ResetCodeSchema,
  TimezoneSchema,
} from './fieldSchemas.ts';
import { IdSchema } from './ids.ts';

/** `POST /login` body. */
export const LoginBodySchema = Type.Object(
  {
    email: EmailSchema,
    password: LoginPasswordSchema,
    code: Type.Optional({
      ...ResetCodeSchema,
      description:
        'The 6-digit sign-in code mailed to the account, when the answer asked for one (sign_in_code_required)',
    }),
  },
  { description: 'Sign-in credentials' },
);

/** See {@link LoginBodySchema}. */
export type LoginBody = Static<typeof LoginBodySchema>;

/** The signed-in user (`GET /session/current`) or one entry of `GET /users`. */
export const UserSchema = Type.Object(
  {
    id: IdSchema,
    email: Type.Optional(
      Type.String({ maxLength: limits.emailMaxLength, description: 'Email address' }),
    ),
  },
  { description: 'A user account' },
);

/** See {@link UserSchema}. */
export type User = Static<typeof UserSchema>;

/** `GET /users` answer: the users the caller may see (a coach: self and own clients). */
export const UserListSchema = Type.Array(UserSchema, { description: 'Users the caller may see' });

/** See {@link UserListSchema}. */
export type UserList = Static<typeof UserListSchema>;

/** `POST /session/logout` body: the refresh token to revoke, when the caller has it. */
export const LogoutBodySchema = Type.Object(
  {
    refreshToken: Type.Optional(
      FreeTextSchema({ maxLength: limits.tokenMaxLength, description: 'Refresh token to revoke' }),
    ),
  },
  { description: 'Logout request' },
);

/** See {@link LogoutBodySchema}. */
export type LogoutBody = Static<typeof LogoutBodySchema>;

/** `POST /session/refresh` body. */
export const RefreshBodySchema = Type.Object(
  {
    refreshToken: FreeTextSchema({
      minLength: 1,
      maxLength: limits.tokenMaxLength,
      description: 'The current refresh token',
    }),
  },
  { description: 'Token refresh request' },
);

/** See {@link RefreshBodySchema}. */
export type RefreshBody = Static<typeof RefreshBodySchema>;

/** `POST /invites` body: a coach invites a client by email. */
export const CreateInviteBodySchema = Type.Object(
  {
    email: EmailSchema,
    firstName: Type.Optional(NameSchema),
    lastName: Type.Optional(NameSchema),
  },
  { description: 'Invite a client' },
);

/** See {@link CreateInviteBodySchema}. */
export type CreateInviteBody = Static<typeof CreateInviteBodySchema>;

/** An invite sent by a coach. */
export const InviteSchema = Type.Object(
  {
    id: IdSchema,
    email: Type.String({ maxLength: limits.emailMaxLength, description: 'Invited address' }),
    status: literalUnion(inviteStatuses, { description: 'pending until the client accepts' }),
    sentAt: Type.String({ format: 'date-time', description: 'When the invite was last sent' }),
    expiresAt: Type.String({
      format: 'date-time',
      description: 'When its link stops working (a resend starts a new period)',
    }),
  },
  { description: 'A client invite' },
);

/** See {@link InviteSchema}. */
export type Invite = Static<typeof InviteSchema>;

/**
 * `GET /invites`: the caller's invites not yet accepted nor withdrawn (expired ones included, so
 * the coach can resend them), most recently sent first, at most `limits.invitesListMax`.
 */
export const InviteListSchema = Type.Object(
  {
    items: Type.Array(InviteSchema, {
      maxItems: limits.invitesListMax,
      description: 'Pending invites, most recently sent first',
    }),
    total: Type.Integer({ minimum: 0, description: 'How many pending invites there are in all' }),
  },
  { description: "A coach's pending invites" },
);

/** See {@link InviteListSchema}. */
export type InviteList = Static<typeof InviteListSchema>;

/** `POST /invites/check` body: the token of an invite link, sent in a body so no URL carries it. */
export const InviteTokenBodySchema = Type.Object(
  {
    token: FreeTextSchema({
      minLength: 1,
      maxLength: limits.tokenMaxLength,
      description: 'Token from the invite link',
    }),
  },
  { description: 'An invite token' },
);

/** See {@link InviteTokenBodySchema}. */
export type InviteTokenBody = Static<typeof InviteTokenBodySchema>;

/** `POST /invites/check` answer: what the invite page shows before the invitee accepts. */
export const InviteCheckSchema = Type.Object(
  {
    email: Type.String({ maxLength: limits.emailMaxLength, description: 'Invited address' }),
    coachName: Type.String({
      maxLength: limits.nameMaxLength * 2 + 1,
      description: "The inviting coach's first and last name ('' when the coach has none)",
    }),
    expiresAt: Type.String({ format: 'date-time', description: 'When the link stops working' }),
  },
  { description: 'A live invite' },
);

/** See {@link InviteCheckSchema}. */
export type InviteCheck = Static<typeof InviteCheckSchema>;

/** `POST /invites/accept` body: the invited client sets a password and a name. */
export const AcceptInviteBodySchema = Type.Object(
  {
    token: FreeTextSchema({
      minLength: 1,
      maxLength: limits.tokenMaxLength,
      description: 'Token from the invite link',
    }),
    password: PasswordSchema,
    firstName: NameSchema,
    lastName: NameSchema,
    timezone: Type.Optional(TimezoneSchema),
  },
  { description: 'Accept an invite' },
);

/** See {@link AcceptInviteBodySchema}. */
export type AcceptInviteBody = Static<typeof AcceptInviteBodySchema>;

/** `POST /passwordReset/request` body. */
export const PasswordResetRequestBodySchema = Type.Object(
  { email: EmailSchema },
  { description: 'Ask for a reset code by mail' },
);

/** See {@link PasswordResetRequestBodySchema}. */
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBodySchema>;

/**
 * Which request a reset code was mailed for: random, answered to whoever asked (the same for
 * unknown emails). A code is checked against its own request's tries only, so strangers' wrong
 * codes never use up the owner's.
 */
export const ResetRequestIdSchema = Type.String({
  minLength: 16,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]*$',
  description: 'The id of the reset request the code was mailed for',
});

/** `POST /passwordReset/request` answer. */
export const PasswordResetRequestAnswerSchema = Type.Object(
  { resetRequestId: ResetRequestIdSchema },
  { description: 'The request is taken: a code is mailed when the email has an account' },
);

/** See {@link PasswordResetRequestAnswerSchema}. */
export type PasswordResetRequestAnswer = Static<typeof PasswordResetRequestAnswerSchema>;

/** `POST /passwordReset/verifyCode` body. */
export const VerifyResetCodeBodySchema = Type.Object(
  {
    email: EmailSchema,
    resetPasswordCode: ResetCodeSchema,
    resetRequestId: Type.Optional(ResetRequestIdSchema),
  },
  { description: 'Check a reset code' },
);

/** See {@link VerifyResetCodeBodySchema}. */
export type VerifyResetCodeBody = Static<typeof VerifyResetCodeBodySchema>;

/** `POST /passwordReset/verifyCode` answer when the code is right (a wrong one is an error). */
export const VerifyResetCodeResponseSchema = Type.Object(
  { valid: Type.Literal(true, { description: 'Always true: a wrong code is a 400' }) },
  { description: 'The code is valid' },
);

/** See {@link VerifyResetCodeResponseSchema}. */
export type VerifyResetCodeResponse = Static<typeof VerifyResetCodeResponseSchema>;

/** `POST /passwordReset` body. */
export const PasswordResetBodySchema = Type.Object(
  {
    email: EmailSchema,
    password: PasswordSchema,
    resetPasswordCode: ResetCodeSchema,
    resetRequestId: Type.Optional(ResetRequestIdSchema),
  },
  { description: 'Set a new password with a reset code' },
);

/** See {@link PasswordResetBodySchema}. */
export type PasswordResetBody = Static<typeof PasswordResetBodySchema>;
