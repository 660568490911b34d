import { routesOpenToEnrolment } from '@coach/api';
import { messages, signInFactorMessages } from '@coach/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domainError.ts';
import { type AccessClaims, AccessTokenError, type AccessTokens } from './accessTokens.ts';

/**
 * Who `requireAuth` let through: the token's claims, the user's email from the session check, and
 * whatever else the session check read in the same statement (a service adds such a field by
 * augmenting this interface, as services/account/caller.ts does with the caller's profile).
 */
export interface Caller extends AccessClaims {
  email: string;
}

/** What the session check answers for a live session: the caller without the token's claims. */
type SessionFacts = Omit<Caller, keyof AccessClaims>;

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface.
  interface FastifyRequest {
    /** Set by `requireAuth` on routes that need a signed-in caller. */
    auth: Caller | null;
  }
}

/**
 * What `requireAuth` asks of the sessions, given by the auth service when the server is wired
 * (services/auth/requireAuth.ts): http/ checks the token, the service knows whether its session
 * still lives.
 */
export type SessionCheck = {
  /** The organisation whose tokens are accepted. */
  organisationId: string;
  /**
   * The user of the token's session while it is live; undefined once it has ended. `mustEnrol`:
   * the session may only enrol a second factor (REQUIRE_MFA). `request` is the call's, whose
   * route parameters (not yet validated) may say what else to read in the same statement.
   */
  signedInUser(
    claims: { userId: string; sessionId: string },
    request: FastifyRequest,
  ): Promise<(SessionFacts & { mustEnrol?: boolean }) | undefined>;
};

const openToEnrolment: ReadonlySet<string> = new Set(routesOpenToEnrolment);

/**
 * A preHandler that lets only callers with a valid bearer access token of this organisation, whose
 * session is still live, through and puts their claims (and email) on `request.auth`. Anything
 * else is refused with a 401 (a DomainError), which the app's client answers with one refresh.
 * The session check is what ends a token at logout, password reset or refresh-token reuse rather
 * than at its expiry.
 */
export function createTokenAuth(tokens: AccessTokens, sessions: SessionCheck) {
  const { organisationId } = sessions;
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([^\s]+)$/i.exec(header) : null;
    if (!match?.[1]) throw new DomainError('unauthorized', messages.unauthorized);
    let claims: AccessClaims;
    try {
      claims = await tokens.verify(match[1]);
      if (claims.organisationId !== organisationId) throw new AccessTokenError('invalid');
    } catch (error) {
      const reason = error instanceof AccessTokenError ? error.reason : 'invalid';
      throw reason === 'expired'
        ? new DomainError('token_expired', messages.accessTokenExpired)
        : new DomainError('invalid_token', messages.invalidAccessToken);
    }
    // Outside the try: a database failure is a 500, not a reason to sign the caller out.
    const found = await sessions.signedInUser(claims, request);
    if (!found) throw new DomainError('invalid_token', messages.sessionEnded);
    const { mustEnrol, ...user } = found;
    // REQUIRE_MFA: a session without a second factor enrols one before anything else. The route's
    // name is the contract's (contractRoute sets it as the operation id).
    const routeName = request.routeOptions.schema?.operationId;
    if (mustEnrol && !(routeName && openToEnrolment.has(routeName))) {
      throw new DomainError(
        'second_factor_enrolment_required',
        signInFactorMessages.secondFactorEnrolmentRequired,
      );
    }
    request.auth = { ...user, ...claims };
  };
}
