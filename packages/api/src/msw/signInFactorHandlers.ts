import {
  messages,
  type SessionProof,
  signInFactorLimits,
  signInFactorMessages,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { renderSVG } from 'uqr';
import type { ConfirmPasswordBody } from '../contract/accountSecurity.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import type {
  AddPasskeyBody,
  AuthenticatorCodeBody,
  AuthenticatorEnrolment,
  ConfirmSecondFactorBody,
  PasskeyOptions,
  RecoveryCodes,
  RenamePasskeyBody,
  SecondStep,
  SecondStepCodeBody,
} from '../contract/signInFactors.ts';
import { toBase64Url } from './mockAuthenticator.ts';
import { issueMockTokens, nextMockToken } from './mockTokens.ts';
import {
  bearer,
  callerOf,
  errorResponse as error,
  type MockHandlerOptions,
  mockService,
} from './route.ts';
import {
  demoAuthenticatorSecret,
  isAuthenticatorCode,
  type MockSignInFactors,
  notePasswordEntered,
  renewRecoveryCodes,
  secondFactorCount,
  secondStepMethodsOf,
  signInFactorsOf,
  signInMethodsOf,
} from './signInFactorStore.ts';
import { type MockState, nextMockId } from './state.ts';

// The second factors' routes over the mock state (decision 73), for what the stories show: second
// steps, passkeys, the authenticator app with its recovery codes (each used once), REQUIRE_MFA, and
// the proof a change of the factors asks for (issue 64): a second factor used in the last 5
// minutes, or, for an account without one, the password entered in them. The mocks can not verify
// a WebAuthn signature: a passkey answer is one of the account's credential ids. The server's
// throttles, expiries and single-use challenges are its own.

const { secondStepSeconds, recentSecondFactorSeconds, passkeysMax } = signInFactorLimits;

/** Options of {@link createSignInFactorHandlers}. */
export type SignInFactorHandlerOptions = MockHandlerOptions & {
  /** REQUIRE_MFA=1: every coach enrols a second factor first, and the last one stays. */
  requireSecondFactor?: boolean;
};

/** Sets `userId`'s password to `password` when one is given (a reset's). */
function setPassword(state: MockState, userId: string, password: string | undefined): void {
  const user = state.users.find((candidate) => candidate.id === userId);
  if (user && password !== undefined) user.password = password;
}

/**
 * The mocks' answer to a right password (`proof` 'password') or a password reset ('mailedCode',
 * with its `newPassword`): tokens, or a second step. As on the server, tokens answered at once
 * count as the password entered then; a second step passed later counts as the password entered
 * when the sign-in's first step was (a reset's, as none), and a reset's new password is set only
 * when its step is passed.
 */
export function answerSignIn(
  state: MockState,
  userId: string,
  now: Date,
  proof: Extract<SessionProof, 'password' | 'mailedCode'>,
  newPassword?: string,
): Response {
  const factors = signInFactorsOf(state);
  if (secondFactorCount(factors, userId) === 0) {
    setPassword(state, userId, newPassword);
    const tokens = issueMockTokens(state, userId);
    notePasswordEntered(factors, tokens.accessToken, now.getTime());
    return HttpResponse.json(tokens);
  }
  const token = nextMockToken(state, 'second-step');
  const passwordAtMs = proof === 'password' ? now.getTime() : undefined;
  factors.secondSteps.set(token, { userId, passwordAtMs, newPassword });
  const expiresAt = new Date(now.getTime() + secondStepSeconds * 1000).toISOString();
  const methods = secondStepMethodsOf(factors, userId);
  return HttpResponse.json({ secondStep: { token, expiresAt, methods } } satisfies SecondStep, {
    status: 202,
  });
}

/** Opens a session's 5 minutes of a second factor used, from `nowMs`. */
function noteSecondFactorUsed(
  factors: MockSignInFactors,
  token: string | undefined,
  nowMs: number,
) {
  if (token) factors.recentSecondFactor.set(token, nowMs + recentSecondFactorSeconds * 1000);
}

/** What the groups of handlers below share. */
type FactorContext = ReturnType<typeof factorContext>;

function factorContext(options: SignInFactorHandlerOptions) {
  const { state, handle, now } = mockService(options);
  const factors = signInFactorsOf(state);
  if (options.requireSecondFactor) factors.isSecondFactorRequired = true;
  const isCoach = (userId: string) => callerOf(state, userId)?.type === 'coach';
  const isRecent = (windows: Map<string, number>, request: Request) =>
    (windows.get(bearer(request) ?? '') ?? 0) > now().getTime();
  const passkeysOf = (userId: string) =>
    factors.passkeys.filter((passkey) => passkey.userId === userId);
  return {
    state,
    handle,
    now,
    factors,
    /** The 403 of a caller who is no coach (none for a coach). */
    notCoach: (userId: string) =>
      isCoach(userId) ? undefined : error(403, 'forbidden', signInFactorMessages.onlyCoaches),
    passkeysOf,
    /** A change of the factors waits for a proof: a second factor lately, or the password for an account without one. */
    refuseWithoutProof(request: Request, userId: string): Response | undefined {
      if (isRecent(factors.recentSecondFactor, request)) return undefined;
      if (secondFactorCount(factors, userId) > 0) {
        return error(403, 'second_factor_needed', signInFactorMessages.secondFactorNeeded);
      }
      if (isRecent(factors.recentPassword, request)) return undefined;
      return error(403, 'password_needed', signInFactorMessages.passwordNeeded);
    },
    /** The options of a passkey ceremony, with a new challenge (the mocks check none). */
    passkeyOptions: (body: Record<string, unknown>) => {
      const challengeId = nextMockToken(state, 'challenge');
      const challenge = toBase64Url(`mock-challenge-${challengeId}`);
      const timeout = signInFactorLimits.challengeSeconds * 1000;
      return HttpResponse.json({
        challengeId,
        options: { challenge, timeout, ...body },
      } satisfies PasskeyOptions);
    },
    requestOptions: (userId: string | undefined) => ({
      rpId: globalThis.location?.hostname ?? 'localhost',
      allowCredentials: (userId ? passkeysOf(userId) : []).map((passkey) => ({
        id: passkey.credentialId,
        type: 'public-key',
      })),
      userVerification: 'required',
    }),
    /** The passkey of a passkey answer: one of `userId`'s (anyone's when undefined), now used. */
    passkeyOf(body: unknown, userId: string | undefined) {
      const { credential } = body as { credential: { id?: unknown } };
      const passkey = factors.passkeys.find(
        (candidate) =>
          candidate.credentialId === credential.id &&
          (userId === undefined || candidate.userId === userId),
      );
      if (passkey) passkey.lastUsedAt = now().toISOString();
      return passkey;
    },
    /** Whether a code of a user is right: an app code, or a recovery code (used up). */
    isRightCode(userId: string, method: 'totp' | 'recovery', code: string): boolean {
      const app = factors.authenticators.get(userId);
      if (method === 'totp')
        return app !== undefined && isAuthenticatorCode(app.secret, code, now());
      const codes = factors.recoveryCodes.get(userId) ?? [];
      const index = codes.indexOf(code.toLowerCase());
      if (index >= 0) codes.splice(index, 1);
      return index >= 0;
    },
    /** Tokens of a session that used a second factor now (its password entered at `passwordAtMs`). */
    confirmedTokens(userId: string, passwordAtMs?: number): Tokens {
      const tokens = issueMockTokens(state, userId);
      noteSecondFactorUsed(factors, tokens.accessToken, now().getTime());
      if (passwordAtMs !== undefined)
        notePasswordEntered(factors, tokens.accessToken, passwordAtMs);
      return tokens;
    },
  };
}

/** The second step of a sign-in or a reset, and the sign-in with a passkey alone. */
function signInHandlers(context: FactorContext): HttpHandler[] {
  const { handle, factors, state } = context;
  const stepExpired = () =>
    error(401, 'second_step_expired', signInFactorMessages.secondStepExpired);
  /** Passes the second step of `token`: its reset's password set, the session's tokens. */
  const passStep = (
    token: string,
    step: { userId: string; passwordAtMs?: number; newPassword?: string },
  ) => {
    factors.secondSteps.delete(token);
    setPassword(state, step.userId, step.newPassword);
    return HttpResponse.json(context.confirmedTokens(step.userId, step.passwordAtMs));
  };
  return [
    handle('completeSecondStep', ({ body }) => {
      const { token, method, code } = body as SecondStepCodeBody;
      const step = factors.secondSteps.get(token);
      if (!step) return stepExpired();
      if (!context.isRightCode(step.userId, method, code)) {
        return error(400, 'wrong_code', messages.wrongCode);
      }
      return passStep(token, step);
    }),
    handle('secondStepPasskeyOptions', ({ body }) => {
      const step = factors.secondSteps.get((body as { token: string }).token);
      return step ? context.passkeyOptions(context.requestOptions(step.userId)) : stepExpired();
    }),
    handle('completeSecondStepWithPasskey', ({ body }) => {
      const { token } = body as { token: string };
      const step = factors.secondSteps.get(token);
      if (!step) return stepExpired();
      // 400, not 401: a 401 would read as a wrong password to the client, as on the server.
      if (!context.passkeyOf(body, step.userId)) {
        return error(400, 'bad_request', signInFactorMessages.passkeyRefused);
      }
      return passStep(token, step);
    }),
    handle('passkeySignInOptions', () => context.passkeyOptions(context.requestOptions(undefined))),
    handle('signInWithPasskey', ({ body }) => {
      const passkey = context.passkeyOf(body, undefined);
      if (!passkey) return error(401, 'invalid_credentials', signInFactorMessages.passkeyRefused);
      return HttpResponse.json(context.confirmedTokens(passkey.userId));
    }),
  ];
}

/** The coach's passkeys: listed with the other methods, added, renamed and removed. */
function passkeyHandlers(context: FactorContext): HttpHandler[] {
  const { handle, factors, state, now } = context;
  const passkeysFull = () => error(409, 'factor_limit_reached', signInFactorMessages.passkeysFull);
  return [
    handle('listSignInMethods', ({ request, userId = '' }) => {
      const methods = () => signInMethodsOf(factors, userId, bearer(request), now().getTime());
      return context.notCoach(userId) ?? HttpResponse.json(methods());
    }),
    handle('passkeyRegistrationOptions', ({ request, userId = '' }) => {
      const refusal = context.notCoach(userId) ?? context.refuseWithoutProof(request, userId);
      if (refusal) return refusal;
      const mine = context.requestOptions(userId).allowCredentials;
      if (mine.length >= passkeysMax) return passkeysFull();
      // The mock authenticator reads the challenge alone; a browser's reads the server's options.
      return context.passkeyOptions({ excludeCredentials: mine });
    }),
    handle('addPasskey', ({ request, userId = '', body }) => {
      // Adding a factor asks for proof, and is none itself.
      const refusal = context.notCoach(userId) ?? context.refuseWithoutProof(request, userId);
      if (refusal) return refusal;
      const { name, credential } = body as AddPasskeyBody;
      const credentialId = typeof credential.id === 'string' ? credential.id : '';
      if (!credentialId || factors.passkeys.some((each) => each.credentialId === credentialId)) {
        return error(400, 'bad_request', signInFactorMessages.passkeyRefused);
      }
      if (context.passkeysOf(userId).length >= passkeysMax) return passkeysFull();
      const id = nextMockId(state, '9a55c0de');
      const passkey = { id, name: name.trim(), addedAt: now().toISOString(), lastUsedAt: null };
      factors.passkeys.push({ ...passkey, userId, credentialId });
      return HttpResponse.json(passkey, { status: 201 });
    }),
    handle('renamePasskey', ({ params, userId, body }) => {
      const passkey = context.passkeysOf(userId ?? '').find((each) => each.id === params.id);
      if (!passkey) return error(404, 'not_found', messages.notFound);
      passkey.name = (body as RenamePasskeyBody).name.trim();
      const { id, name, addedAt, lastUsedAt } = passkey;
      return HttpResponse.json({ id, name, addedAt, lastUsedAt });
    }),
    handle('removePasskey', ({ request, params, userId }) => {
      const passkey = context.passkeysOf(userId ?? '').find((each) => each.id === params.id);
      if (!passkey || !userId) return error(404, 'not_found', messages.notFound);
      const refusal = removalRefusal(context, request, userId);
      if (refusal) return refusal;
      factors.passkeys.splice(factors.passkeys.indexOf(passkey), 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** A factor may go with a recent proof, and not the last one under REQUIRE_MFA. */
function removalRefusal(context: FactorContext, request: Request, userId: string) {
  const refusal = context.refuseWithoutProof(request, userId);
  if (refusal) return refusal;
  const { factors } = context;
  if (factors.isSecondFactorRequired && secondFactorCount(factors, userId) <= 1) {
    return error(409, 'last_second_factor', signInFactorMessages.lastSecondFactor);
  }
  return undefined;
}

/** The authenticator app: set up (its QR code), confirmed with a first code, removed; recovery codes. */
function authenticatorHandlers(context: FactorContext): HttpHandler[] {
  const { handle, factors, state, now } = context;
  /** The refusal of a caller who is no coach, or whose app is on already. */
  const notYetOn = (userId: string) =>
    context.notCoach(userId) ??
    (factors.authenticators.has(userId)
      ? error(409, 'factor_limit_reached', signInFactorMessages.authenticatorOnAlready)
      : undefined);
  return [
    handle('startAuthenticatorEnrolment', ({ request, userId = '' }) => {
      const refusal = notYetOn(userId) ?? context.refuseWithoutProof(request, userId);
      if (refusal) return refusal;
      const secret = demoAuthenticatorSecret;
      factors.pendingSecrets.set(userId, secret);
      const email = state.users.find((candidate) => candidate.id === userId)?.email ?? '';
      const uri = `otpauth://totp/Coach:${encodeURIComponent(email)}?secret=${secret}&issuer=Coach&algorithm=SHA1&digits=6&period=30`;
      return HttpResponse.json({
        secret,
        uri,
        qrSvg: renderSVG(uri),
      } satisfies AuthenticatorEnrolment);
    }),
    handle('confirmAuthenticator', ({ request, userId = '', body }) => {
      const secret = factors.pendingSecrets.get(userId);
      const noEnrolment = () => error(400, 'bad_request', signInFactorMessages.noEnrolment);
      const refusal =
        notYetOn(userId) ?? (secret ? context.refuseWithoutProof(request, userId) : noEnrolment());
      if (refusal || !secret) return refusal ?? noEnrolment();
      if (!isAuthenticatorCode(secret, (body as AuthenticatorCodeBody).code, now())) {
        return error(400, 'wrong_code', messages.wrongCode);
      }
      factors.pendingSecrets.delete(userId);
      factors.authenticators.set(userId, { secret, addedAt: now().toISOString() });
      const recoveryCodes = renewRecoveryCodes(factors, userId);
      return HttpResponse.json({ recoveryCodes } satisfies RecoveryCodes);
    }),
    handle('removeAuthenticator', ({ request, userId }) => {
      if (!userId || !factors.authenticators.has(userId)) {
        return error(404, 'not_found', messages.notFound);
      }
      const refusal = removalRefusal(context, request, userId);
      if (refusal) return refusal;
      factors.authenticators.delete(userId);
      factors.recoveryCodes.delete(userId);
      return new HttpResponse(null, { status: 204 });
    }),
    handle('regenerateRecoveryCodes', ({ request, userId }) => {
      if (!userId || !factors.authenticators.has(userId)) {
        return error(409, 'conflict', 'Recovery codes come with the authenticator app');
      }
      const refusal = context.refuseWithoutProof(request, userId);
      if (refusal) return refusal;
      const recoveryCodes = renewRecoveryCodes(factors, userId);
      return HttpResponse.json({ recoveryCodes } satisfies RecoveryCodes);
    }),
  ];
}

/** A session's proof that it is its owner's: a second factor used now, or the password again. */
function proofHandlers(context: FactorContext): HttpHandler[] {
  const { handle, factors, state, now } = context;
  const confirmed = (request: Request) => {
    noteSecondFactorUsed(factors, bearer(request), now().getTime());
    return new HttpResponse(null, { status: 204 });
  };
  return [
    handle('confirmSecondFactor', ({ request, userId, body }) => {
      if (!userId) return error(401, 'unauthorized', messages.unauthorized);
      const { method, code } = body as ConfirmSecondFactorBody;
      // 400, not 401: a 401 would read as an ended session to the client (refresh and retry).
      if (!context.isRightCode(userId, method, code)) {
        return error(400, 'wrong_code', messages.wrongCode);
      }
      return confirmed(request);
    }),
    handle('secondFactorPasskeyOptions', ({ userId }) => {
      if (!userId || context.passkeysOf(userId).length === 0) {
        return error(409, 'conflict', 'This account has no passkey');
      }
      return context.passkeyOptions(context.requestOptions(userId));
    }),
    handle('confirmSecondFactorWithPasskey', ({ request, userId, body }) => {
      if (!userId || !context.passkeyOf(body, userId)) {
        return error(400, 'bad_request', signInFactorMessages.passkeyRefused);
      }
      return confirmed(request);
    }),
    handle('confirmPassword', ({ request, userId = '', body }) => {
      const refusal = context.notCoach(userId);
      if (refusal) return refusal;
      const user = state.users.find((candidate) => candidate.id === userId);
      if (user?.password !== (body as ConfirmPasswordBody).password) {
        return error(400, 'wrong_password', signInFactorMessages.wrongPassword);
      }
      notePasswordEntered(factors, bearer(request), now().getTime());
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** MSW handlers of the second factors' routes (the auth service). */
export function createSignInFactorHandlers(
  options: SignInFactorHandlerOptions = {},
): HttpHandler[] {
  const context = factorContext(options);
  return [
    ...signInHandlers(context),
    ...passkeyHandlers(context),
    ...authenticatorHandlers(context),
    ...proofHandlers(context),
  ];
}
