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
  PasskeySignInBody,
  RecoveryCodes,
  RenamePasskeyBody,
  SecondStep,
  SecondStepCodeBody,
  SecondStepPasskeyBody,
} from '../contract/signInFactors.ts';
import { fromBase64Url, toBase64Url } from './mockAuthenticator.ts';
import { issueMockTokens } from './mockTokens.ts';
import { bearer, errorResponse as error, type MockHandlerOptions, mockService } from './route.ts';
import {
  authenticatorStepOf,
  demoAuthenticatorSecret,
  hasSecondFactor,
  type MockChallenge,
  type MockSignInFactors,
  mockPasskeyId,
  nextFactorToken,
  notePasswordEntered,
  renewRecoveryCodes,
  secondFactorCount,
  secondStepMethodsOf,
  signInFactorsOf,
  signInMethodsOf,
} from './signInFactorStore.ts';
import type { MockState } from './state.ts';

// The second factors' routes over the mock state, by the server's rules (decision 73), for stories
// and app tests: second steps (5 minutes, single use, bound to the account), single-use challenges,
// TOTP codes checked with otpauth (one step of drift, a used step refused again), recovery codes
// each usable once, the step-up window of 5 minutes, REQUIRE_MFA. Before adding or removing a
// factor (issue 64) a session proves it is its owner's: a second factor used in the last 5
// minutes, or, for an account without one, the password entered in them (its sign-in, or
// `confirmPassword`); adding a factor proves nothing itself. Passkeys: the mocks can not
// verify a WebAuthn signature; they accept a credential whose id is one of the account's passkeys
// (one the mock registered) and whose client data carries the challenge handed out. The server
// verifies the signature, the counter and the user-verification flag with @simplewebauthn/server.

const { secondStepSeconds, challengeSeconds, recentSecondFactorSeconds, passkeysMax } =
  signInFactorLimits;

/** Wrong codes a user may send before the mocks throttle them (as the sign-in throttle). */
export const mockWrongCodeLimit = 5;

/** Seconds a throttled user waits (`Retry-After`). */
export const mockThrottleSeconds = 900;

/** Options of {@link createSignInFactorHandlers}. */
export type SignInFactorHandlerOptions = MockHandlerOptions & {
  /** REQUIRE_MFA=1: every coach enrols a second factor first, and the last one stays. */
  requireSecondFactor?: boolean;
};

const rpId = () => globalThis.location?.hostname ?? 'localhost';

/**
 * The mocks' answer to a right password (`proof` 'password') or a password reset ('mailedCode',
 * with its `newPassword`): tokens, or a second step. As on the server, tokens answered at once
 * count as the password entered then (typed to sign in, or chosen by the reset); a second step
 * passed later counts as the password entered when the sign-in's first step was (a reset's step,
 * as none), and a reset's new password is set only when its step is passed.
 */
export function answerSignIn(
  state: MockState,
  userId: string,
  now: Date,
  proof: Extract<SessionProof, 'password' | 'mailedCode'>,
  newPassword?: string,
): Response {
  const factors = signInFactorsOf(state);
  if (!hasSecondFactor(factors, userId)) {
    setPassword(state, userId, newPassword);
    const tokens = issueMockTokens(state, userId);
    notePasswordEntered(factors, tokens.accessToken, now.getTime());
    return HttpResponse.json(tokens);
  }
  const token = nextFactorToken(factors, 'second-step');
  const expiresAtMs = now.getTime() + secondStepSeconds * 1000;
  const passwordAtMs = proof === 'password' ? now.getTime() : undefined;
  factors.secondSteps.set(token, {
    userId,
    expiresAtMs,
    ...(passwordAtMs === undefined ? {} : { passwordAtMs }),
    ...(newPassword === undefined ? {} : { newPassword }),
  });
  const answer: SecondStep = {
    secondStep: {
      token,
      expiresAt: new Date(expiresAtMs).toISOString(),
      methods: secondStepMethodsOf(factors, userId),
    },
  };
  return HttpResponse.json(answer, { status: 202 });
}

/** Sets `userId`'s password to `password` when one is given (a reset's). */
function setPassword(state: MockState, userId: string, password: string | undefined): void {
  const user = state.users.find((candidate) => candidate.id === userId);
  if (user && password !== undefined) user.password = password;
}

/**
 * Tokens of a session that used a second factor now (its step-up window open), whose password
 * was entered at `passwordAtMs` (a sign-in's second step; none for a reset's or a passkey's).
 */
function issueConfirmedTokens(
  state: MockState,
  userId: string,
  nowMs: number,
  passwordAtMs?: number,
): Tokens {
  const tokens = issueMockTokens(state, userId);
  const factors = signInFactorsOf(state);
  noteSecondFactorUsed(factors, tokens.accessToken, nowMs);
  if (passwordAtMs !== undefined) notePasswordEntered(factors, tokens.accessToken, passwordAtMs);
  return tokens;
}

/** The 429 of too many wrong codes (or passwords), with Retry-After. */
function throttled(message = 'Too many wrong codes, please try again later'): Response {
  const refusal = error(429, 'rate_limited', message);
  refusal.headers.set('Retry-After', String(mockThrottleSeconds));
  return refusal;
}

/** MSW handlers of the second factors' routes (the auth service). */
export function createSignInFactorHandlers(
  options: SignInFactorHandlerOptions = {},
): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  const factors = signInFactorsOf(state);
  if (options.requireSecondFactor) factors.isSecondFactorRequired = true;
  const nowMs = () => now().getTime();
  const isCoach = (userId: string | undefined) =>
    state.persons.some((person) => person.userId === userId && person.type === 'coach');
  const notCoach = () => error(403, 'forbidden', signInFactorMessages.onlyCoaches);
  const secondFactorNeeded = () =>
    error(403, 'second_factor_needed', signInFactorMessages.secondFactorNeeded);
  const isRecent = (windows: Map<string, number>, request: Request) => {
    const token = bearer(request);
    const until = token ? windows.get(token) : undefined;
    return until !== undefined && until > nowMs();
  };
  /**
   * Refuses a change of the factors (adding or removing one, new recovery codes) unless the
   * session proved lately it is its owner's: a second factor used in the last 5 minutes, or, for
   * an account without one, the password entered in them (issue 64, as the server checks).
   */
  const refuseWithoutProof = (request: Request, userId: string): Response | undefined => {
    if (isRecent(factors.recentSecondFactor, request)) return undefined;
    if (hasSecondFactor(factors, userId)) return secondFactorNeeded();
    if (isRecent(factors.recentPassword, request)) return undefined;
    return error(403, 'password_needed', signInFactorMessages.passwordNeeded);
  };
  /** A factor may go: with a recent proof, and not the last one under REQUIRE_MFA. */
  const refuseRemoval = (request: Request, userId: string): Response | undefined => {
    const refusal = refuseWithoutProof(request, userId);
    if (refusal) return refusal;
    if (factors.isSecondFactorRequired && secondFactorCount(factors, userId) <= 1) {
      return error(409, 'last_second_factor', signInFactorMessages.lastSecondFactor);
    }
    return undefined;
  };

  const issueChallenge = (
    purpose: MockChallenge['purpose'],
    userId: string | undefined,
    body: Record<string, unknown>,
    secondStepToken?: string,
  ) => {
    const challengeId = nextFactorToken(factors, 'challenge');
    const challenge = toBase64Url(`mock-challenge-${challengeId}`);
    factors.challenges.set(challengeId, {
      purpose,
      challenge,
      userId,
      secondStepToken,
      expiresAtMs: nowMs() + challengeSeconds * 1000,
    });
    return HttpResponse.json({
      challengeId,
      options: { challenge, timeout: challengeSeconds * 1000, ...body },
    } satisfies PasskeyOptions);
  };
  /** The challenge of an answer, used up (once), if it is live and for this purpose. */
  const takeChallenge = (challengeId: string, purpose: MockChallenge['purpose']) => {
    const challenge = factors.challenges.get(challengeId);
    factors.challenges.delete(challengeId);
    if (!challenge || challenge.purpose !== purpose || challenge.expiresAtMs <= nowMs()) {
      return undefined;
    }
    return challenge;
  };
  /** Whether a credential's client data carries the challenge (what the browser signed). */
  const carriesChallenge = (credential: Record<string, unknown>, challenge: string) => {
    const response = credential.response as { clientDataJSON?: unknown } | undefined;
    const clientData =
      typeof response?.clientDataJSON === 'string' ? fromBase64Url(response.clientDataJSON) : null;
    try {
      return clientData !== null && JSON.parse(clientData).challenge === challenge;
    } catch {
      return false;
    }
  };
  /** The passkey of an assertion: one of `userId`'s (any account's when undefined). */
  const passkeyOfAssertion = (
    credential: Record<string, unknown>,
    challenge: MockChallenge,
    userId: string | undefined,
  ) => {
    if (!carriesChallenge(credential, challenge.challenge)) return undefined;
    const passkey = factors.passkeys.find(
      (candidate) =>
        candidate.credentialId === credential.id &&
        (userId === undefined || candidate.userId === userId),
    );
    if (passkey) passkey.lastUsedAt = now().toISOString();
    return passkey;
  };
  const allowCredentials = (userId: string) =>
    factors.passkeys
      .filter((passkey) => passkey.userId === userId)
      .map((passkey) => ({ id: passkey.credentialId, type: 'public-key' }));
  const requestOptions = (userId: string | undefined) => ({
    rpId: rpId(),
    allowCredentials: userId ? allowCredentials(userId) : [],
    userVerification: 'required',
  });

  /**
   * Checks a code of a user: an app code (a step not used before) or a recovery code (used up).
   * Wrong codes count towards the throttle; a right one resets it.
   */
  const checkCode = (
    userId: string,
    method: 'totp' | 'recovery',
    code: string,
  ): 'right' | 'wrong' | 'throttled' => {
    const wrong = factors.wrongCodes.get(userId) ?? 0;
    if (wrong >= mockWrongCodeLimit) return 'throttled';
    let isRight = false;
    if (method === 'totp') {
      const app = factors.authenticators.get(userId);
      const step = app ? authenticatorStepOf(app.secret, code, now()) : null;
      if (app && step !== null && step > app.lastStep) {
        app.lastStep = step;
        isRight = true;
      }
    } else {
      const codes = factors.recoveryCodes.get(userId) ?? [];
      const index = codes.indexOf(code.toLowerCase());
      if (index >= 0) {
        codes.splice(index, 1);
        isRight = true;
      }
    }
    if (isRight) {
      factors.wrongCodes.delete(userId);
      return 'right';
    }
    factors.wrongCodes.set(userId, wrong + 1);
    return 'wrong';
  };

  /** The live second step of a token (used up when `take`), or the 401 to answer. */
  const secondStepOf = (token: string) => {
    const step = factors.secondSteps.get(token);
    if (!step || step.expiresAtMs <= nowMs()) {
      factors.secondSteps.delete(token);
      return undefined;
    }
    return step;
  };
  const stepExpired = () =>
    error(401, 'second_step_expired', signInFactorMessages.secondStepExpired);

  return [
    handle('completeSecondStep', ({ body }) => {
      const { token, method, code } = body as SecondStepCodeBody;
      const step = secondStepOf(token);
      if (!step) return stepExpired();
      const checked = checkCode(step.userId, method, code);
      if (checked === 'throttled') return throttled();
      if (checked === 'wrong') return error(400, 'wrong_code', messages.wrongCode);
      factors.secondSteps.delete(token);
      setPassword(state, step.userId, step.newPassword);
      return HttpResponse.json(
        issueConfirmedTokens(state, step.userId, nowMs(), step.passwordAtMs),
      );
    }),
    handle('secondStepPasskeyOptions', ({ body }) => {
      const { token } = body as { token: string };
      const step = secondStepOf(token);
      if (!step) return stepExpired();
      return issueChallenge('secondStep', step.userId, requestOptions(step.userId), token);
    }),
    handle('completeSecondStepWithPasskey', ({ body }) => {
      const { token, challengeId } = body as SecondStepPasskeyBody;
      const credential = credentialOf(body);
      const step = secondStepOf(token);
      if (!step) return stepExpired();
      const challenge = takeChallenge(challengeId, 'secondStep');
      const passkey =
        challenge?.secondStepToken === token
          ? passkeyOfAssertion(credential, challenge, step.userId)
          : undefined;
      if (!passkey) {
        // 400, not 401: a 401 would read as a wrong password to the client, as on the server.
        return error(400, 'bad_request', signInFactorMessages.passkeyRefused);
      }
      factors.secondSteps.delete(token);
      setPassword(state, step.userId, step.newPassword);
      return HttpResponse.json(
        issueConfirmedTokens(state, step.userId, nowMs(), step.passwordAtMs),
      );
    }),
    handle('passkeySignInOptions', () =>
      issueChallenge('signIn', undefined, requestOptions(undefined)),
    ),
    handle('signInWithPasskey', ({ body }) => {
      const { challengeId } = body as PasskeySignInBody;
      const credential = credentialOf(body);
      const challenge = takeChallenge(challengeId, 'signIn');
      const passkey = challenge ? passkeyOfAssertion(credential, challenge, undefined) : undefined;
      if (!passkey) {
        return error(401, 'invalid_credentials', signInFactorMessages.passkeyRefused);
      }
      return HttpResponse.json(issueConfirmedTokens(state, passkey.userId, nowMs()));
    }),
    handle('listSignInMethods', ({ request, userId }) => {
      if (!userId || !isCoach(userId)) return notCoach();
      return HttpResponse.json(signInMethodsOf(factors, userId, bearer(request), nowMs()));
    }),
    handle('passkeyRegistrationOptions', ({ request, userId }) => {
      if (!userId || !isCoach(userId)) return notCoach();
      const refusal = refuseWithoutProof(request, userId);
      if (refusal) return refusal;
      const mine = allowCredentials(userId);
      if (mine.length >= passkeysMax) {
        return error(409, 'factor_limit_reached', signInFactorMessages.passkeysFull);
      }
      const user = state.users.find((candidate) => candidate.id === userId);
      return issueChallenge('register', userId, {
        rp: { name: 'Coach', id: rpId() },
        user: { id: toBase64Url(userId), name: user?.email ?? '', displayName: user?.email ?? '' },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        excludeCredentials: mine,
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        attestation: 'none',
      });
    }),
    handle('addPasskey', ({ request, userId, body }) => {
      if (!userId || !isCoach(userId)) return notCoach();
      // Adding a factor asks for proof (before the challenge is used), and is none itself.
      const refusal = refuseWithoutProof(request, userId);
      if (refusal) return refusal;
      const { name, challengeId } = body as AddPasskeyBody;
      const credential = credentialOf(body);
      const challenge = takeChallenge(challengeId, 'register');
      const credentialId = typeof credential.id === 'string' ? credential.id : '';
      if (
        !challenge ||
        challenge.userId !== userId ||
        !credentialId ||
        !carriesChallenge(credential, challenge.challenge) ||
        factors.passkeys.some((passkey) => passkey.credentialId === credentialId)
      ) {
        return error(400, 'bad_request', signInFactorMessages.passkeyRefused);
      }
      if (allowCredentials(userId).length >= passkeysMax) {
        return error(409, 'factor_limit_reached', signInFactorMessages.passkeysFull);
      }
      factors.sequence += 1;
      const passkey = {
        id: mockPasskeyId(factors.sequence),
        userId,
        credentialId,
        name: name.trim(),
        addedAt: now().toISOString(),
        lastUsedAt: null,
      };
      factors.passkeys.push(passkey);
      const { id, addedAt, lastUsedAt } = passkey;
      return HttpResponse.json({ id, name: passkey.name, addedAt, lastUsedAt }, { status: 201 });
    }),
    handle('renamePasskey', ({ params, userId, body }) => {
      const passkey = factors.passkeys.find(
        (candidate) => candidate.id === params.id && candidate.userId === userId,
      );
      if (!passkey) return error(404, 'not_found', messages.notFound);
      passkey.name = (body as RenamePasskeyBody).name.trim();
      const { id, name, addedAt, lastUsedAt } = passkey;
      return HttpResponse.json({ id, name, addedAt, lastUsedAt });
    }),
    handle('removePasskey', ({ request, params, userId }) => {
      const index = factors.passkeys.findIndex(
        (candidate) => candidate.id === params.id && candidate.userId === userId,
      );
      if (index < 0 || !userId) return error(404, 'not_found', messages.notFound);
      const refusal = refuseRemoval(request, userId);
      if (refusal) return refusal;
      factors.passkeys.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    handle('startAuthenticatorEnrolment', ({ request, userId }) => {
      if (!userId || !isCoach(userId)) return notCoach();
      if (factors.authenticators.has(userId)) {
        return error(409, 'factor_limit_reached', signInFactorMessages.authenticatorOnAlready);
      }
      const refusal = refuseWithoutProof(request, userId);
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
    handle('confirmAuthenticator', ({ request, userId, body }) => {
      if (!userId || !isCoach(userId)) return notCoach();
      if (factors.authenticators.has(userId)) {
        return error(409, 'factor_limit_reached', signInFactorMessages.authenticatorOnAlready);
      }
      const secret = factors.pendingSecrets.get(userId);
      if (!secret) return error(400, 'bad_request', signInFactorMessages.noEnrolment);
      const refusal = refuseWithoutProof(request, userId);
      if (refusal) return refusal;
      const { code } = body as AuthenticatorCodeBody;
      const step = authenticatorStepOf(secret, code, now());
      if (step === null) return error(400, 'wrong_code', messages.wrongCode);
      factors.pendingSecrets.delete(userId);
      factors.authenticators.set(userId, { secret, addedAt: now().toISOString(), lastStep: step });
      return HttpResponse.json({
        recoveryCodes: renewRecoveryCodes(factors, userId),
      } satisfies RecoveryCodes);
    }),
    handle('removeAuthenticator', ({ request, userId }) => {
      if (!userId || !factors.authenticators.has(userId)) {
        return error(404, 'not_found', messages.notFound);
      }
      const refusal = refuseRemoval(request, userId);
      if (refusal) return refusal;
      factors.authenticators.delete(userId);
      factors.recoveryCodes.delete(userId);
      return new HttpResponse(null, { status: 204 });
    }),
    handle('regenerateRecoveryCodes', ({ request, userId }) => {
      if (!userId || !factors.authenticators.has(userId)) {
        return error(409, 'conflict', 'Recovery codes come with the authenticator app');
      }
      const refusal = refuseWithoutProof(request, userId);
      if (refusal) return refusal;
      return HttpResponse.json({
        recoveryCodes: renewRecoveryCodes(factors, userId),
      } satisfies RecoveryCodes);
    }),
    handle('confirmSecondFactor', ({ request, userId, body }) => {
      if (!userId) return error(401, 'unauthorized', messages.unauthorized);
      const { method, code } = body as ConfirmSecondFactorBody;
      const checked = checkCode(userId, method, code);
      if (checked === 'throttled') return throttled();
      // 400, not 401: a 401 would read as an ended session to the client (refresh and retry).
      if (checked === 'wrong') return error(400, 'wrong_code', messages.wrongCode);
      noteSecondFactorUsed(factors, bearer(request), nowMs());
      return new HttpResponse(null, { status: 204 });
    }),
    handle('secondFactorPasskeyOptions', ({ userId }) => {
      if (!userId || allowCredentials(userId).length === 0) {
        return error(409, 'conflict', 'This account has no passkey');
      }
      return issueChallenge('stepUp', userId, requestOptions(userId));
    }),
    handle('confirmSecondFactorWithPasskey', ({ request, userId, body }) => {
      const { challengeId } = body as PasskeySignInBody;
      const credential = credentialOf(body);
      const challenge = takeChallenge(challengeId, 'stepUp');
      const passkey =
        challenge && challenge.userId === userId
          ? passkeyOfAssertion(credential, challenge, userId)
          : undefined;
      if (!passkey) {
        return error(400, 'bad_request', signInFactorMessages.passkeyRefused);
      }
      noteSecondFactorUsed(factors, bearer(request), nowMs());
      return new HttpResponse(null, { status: 204 });
    }),
    handle('confirmPassword', ({ request, userId, body }) => {
      if (!userId || !isCoach(userId)) return notCoach();
      // Throttled as a sign-in: a stolen session guesses the password no faster here.
      const wrong = factors.wrongPasswords.get(userId) ?? 0;
      if (wrong >= mockWrongCodeLimit) return throttled(messages.tooManyRequests);
      const user = state.users.find((candidate) => candidate.id === userId);
      if (user?.password !== (body as ConfirmPasswordBody).password) {
        factors.wrongPasswords.set(userId, wrong + 1);
        return error(400, 'wrong_password', signInFactorMessages.wrongPassword);
      }
      factors.wrongPasswords.delete(userId);
      notePasswordEntered(factors, bearer(request), nowMs());
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** The credential of a passkey answer (the contract bounds it; its library checks it). */
function credentialOf(body: unknown): Record<string, unknown> {
  return (body as { credential: Record<string, unknown> }).credential;
}

/** Opens a session's 5 minutes of a second factor used, from `nowMs`. */
function noteSecondFactorUsed(
  factors: MockSignInFactors,
  accessToken: string | undefined,
  nowMs: number,
) {
  if (accessToken)
    factors.recentSecondFactor.set(accessToken, nowMs + recentSecondFactorSeconds * 1000);
}
