import {
  canonicalTimeZone,
  canSeePerson,
  checkCoachSettings,
  defaultCoachLanguage,
  inviteTimeZoneMessage,
  isSignedPictureQuery,
  messages,
  morningMailDefaults,
  personViewFor,
  profilePicturePath,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type {
  CoachSettings,
  Person,
  UpdateCoachSettingsBody,
  UpdatePersonBody,
} from '../contract/account.ts';
import type {
  LoginBody,
  LogoutBody,
  PasswordResetBody,
  PasswordResetRequestAnswer,
  PasswordResetRequestBody,
  VerifyResetCodeBody,
} from '../contract/auth.ts';
import {
  type ClientDataHandlerOptions,
  createAnalyticsHandlers,
  createJourneyHandlers,
  createRecordHandlers,
} from './clientHandlers.ts';
import { createCoachActionHandlers } from './coachActionHandlers.ts';
import { createEpisodeHandlers } from './episodeHandlers.ts';
import { demoResetCode, demoSignInCode } from './fixtures.ts';
import { createInviteHandlers, type InviteHandlerOptions } from './inviteHandlers.ts';
import { createLiveEventsMock, type LiveEventsMock, linkLiveEvents } from './liveEventHandlers.ts';
import { createMessagingHandlers, type MessagingHandlerOptions } from './messagingHandlers.ts';
import { issueMockTokens, nextMockToken } from './mockTokens.ts';
import { createNotesHandlers, type NotesHandlerOptions } from './notesHandlers.ts';
import { createReportHandlers, type ReportHandlerOptions } from './reportHandlers.ts';
import { createReviewHandlers } from './reviewHandlers.ts';
import {
  bearer,
  callerOf,
  errorResponse as error,
  type MockHandlerOptions,
  mockService,
  withState,
} from './route.ts';
import { createSecurityEventHandlers } from './securityEventHandlers.ts';
import { createSecurityLinkHandlers } from './securityLinkHandlers.ts';
import { signedPictureUrl, withSignedPicture } from './signedPictures.ts';
import {
  answerSignIn,
  createSignInFactorHandlers,
  type SignInFactorHandlerOptions,
} from './signInFactorHandlers.ts';
import type { MockState } from './state.ts';

/** Options of {@link createAuthHandlers}. */
type AuthHandlerOptions = InviteHandlerOptions & {
  /**
   * Every account asks for its mailed code, as the server's does once strangers' failed sign-ins
   * pass its ceiling: a sign-in without `code` is answered 401 `sign_in_code_required` (whatever
   * the password), one with the right password and {@link demoSignInCode} signs in, any other 401
   * 'Wrong email, password or code'.
   */
  signInCodeRequired?: boolean;
  /** Token refresh always fails with 401. */
  refreshFails?: boolean;
  /** Any reset code is wrong. */
  resetCodeFails?: boolean;
  /** Sending a reset code (or a new one) fails with 500. */
  resetRequestFails?: boolean;
};

/** MSW handlers of the auth service over the mock state. */
function createAuthHandlers(options: AuthHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  const emailKey = (email: string) => email.trim().toLowerCase();
  const userByEmail = (email: string) =>
    state.users.find((user) => user.email.toLowerCase() === emailKey(email));
  const wrongCode = () => error(400, 'wrong_code', messages.wrongCode);
  // With the id of the request it was mailed for, a code is that request's alone (as on the
  // server); without one, it is matched against the email's latest code (the demo code when none
  // was asked for, so a story may start at the code step).
  const checkCode = (email: string, code: string, resetRequestId: string | undefined) => {
    if (options.resetCodeFails) return false;
    if (resetRequestId === undefined) {
      return (state.resetCodes.get(emailKey(email)) ?? demoResetCode) === code;
    }
    const request = state.resetRequests.get(resetRequestId);
    return request?.email === emailKey(email) && request.code === code;
  };

  return [
    handle('login', ({ body }) => {
      const { email, password, code } = body as LoginBody;
      const user = userByEmail(email);
      const signedInUser = user?.password === password ? user : undefined;
      if (options.signInCodeRequired) {
        // The same answer to every attempt without a code, right password or not.
        if (code === undefined) {
          return error(401, 'sign_in_code_required', messages.signInCodeRequired);
        }
        if (!signedInUser || code !== demoSignInCode) {
          return error(401, 'invalid_credentials', messages.wrongSignInCode);
        }
      }
      if (!signedInUser) return error(401, 'invalid_credentials', messages.wrongCredentials);
      // An account with a second factor gets a second step (202) instead of tokens.
      return answerSignIn(state, signedInUser.id, now(), 'password');
    }),
    handle('currentSession', ({ userId }) => {
      const user = state.users.find((candidate) => candidate.id === userId);
      if (!user) return error(401, 'unauthorized', messages.unauthorized);
      return HttpResponse.json({ id: user.id, email: user.email });
    }),
    handle('logout', ({ request, body }) => {
      const token = bearer(request);
      if (token && state.accessTokens.delete(token)) state.endedAccessTokens.add(token);
      const { refreshToken } = body as LogoutBody;
      if (refreshToken) state.refreshTokens.delete(refreshToken);
      return new HttpResponse(null, { status: 204 });
    }),
    handle('refresh', ({ body }) => {
      // Rotated on use: a token spent once is refused (the server's grace for two tabs aside).
      const { refreshToken } = body as { refreshToken: string };
      const userId = state.refreshTokens.get(refreshToken);
      if (options.refreshFails || !userId) {
        return error(401, 'invalid_refresh_token', messages.sessionExpired);
      }
      state.refreshTokens.delete(refreshToken);
      return HttpResponse.json(issueMockTokens(state, userId));
    }),
    ...createInviteHandlers({ ...options, state }),
    handle('requestPasswordReset', ({ body }) => {
      if (options.resetRequestFails) return error(500, 'internal_error', messages.internalError);
      const { email } = body as PasswordResetRequestBody;
      // An id for every request, unknown emails too: the answer tells nothing of the account.
      const resetRequestId = nextMockToken(state, 'reset-request');
      const code = userByEmail(email) ? demoResetCode : undefined;
      if (code) state.resetCodes.set(emailKey(email), code);
      state.resetRequests.set(resetRequestId, { email: emailKey(email), code });
      return HttpResponse.json({ resetRequestId } satisfies PasswordResetRequestAnswer, {
        status: 202,
      });
    }),
    handle('verifyResetCode', ({ body }) => {
      const { email, resetPasswordCode, resetRequestId } = body as VerifyResetCodeBody;
      if (!userByEmail(email) || !checkCode(email, resetPasswordCode, resetRequestId)) {
        return wrongCode();
      }
      return HttpResponse.json({ valid: true });
    }),
    handle('resetPassword', ({ body }) => {
      const { email, password, resetPasswordCode, resetRequestId } = body as PasswordResetBody;
      const user = userByEmail(email);
      if (!user || !checkCode(email, resetPasswordCode, resetRequestId)) return wrongCode();
      state.resetCodes.delete(emailKey(email));
      if (resetRequestId !== undefined) state.resetRequests.delete(resetRequestId);
      // The reset does not pass a second factor: with one, it ends on the second step too, and
      // its new password waits for that step (the mailbox alone changes nothing).
      return answerSignIn(state, user.id, now(), 'mailedCode', password);
    }),
  ];
}

/** The profiles a user may see, by the server's rule. */
function visiblePersons(state: MockState, userId: string | undefined): Person[] {
  const caller = callerOf(state, userId);
  return caller ? state.persons.filter((person) => canSeePerson(caller, person)) : [];
}

/** MSW handlers of the account service over the mock state. */
function createAccountHandlers(options: MockHandlerOptions = {}): HttpHandler[] {
  // `?userId=` stays unchecked: app tests look up users with ids that are not UUIDs.
  const { state, handle, now } = mockService(options, { query: false });
  // A profile answered is one the caller may see: its picture comes with a signed URL, and a
  // client sees of their coach only the public fields (personViewFor, as the server).
  const answer = (person: Person, userId: string | undefined) => {
    const caller = callerOf(state, userId);
    const shown = withSignedPicture(person.id, person, now());
    return caller ? personViewFor(caller, shown) : shown;
  };
  return [
    handle('listPersons', ({ request, userId }) => {
      // The app finds the caller's profile by their user (`?userId=`); unfiltered, like the
      // server: the own profile and a coach's clients.
      const filter = new URL(request.url).searchParams.get('userId');
      const caller = callerOf(state, userId);
      const listed = visiblePersons(state, userId).filter((person) =>
        filter
          ? person.userId === filter
          : person.id === caller?.id || person.coachId === caller?.id,
      );
      return HttpResponse.json(listed.map((person) => answer(person, userId)));
    }),
    handle('getPerson', ({ params, userId }) => {
      const person = visiblePersons(state, userId).find((candidate) => candidate.id === params.id);
      return person
        ? HttpResponse.json(answer(person, userId))
        : error(404, 'not_found', messages.notFound);
    }),
    handle('updatePerson', ({ params, userId, body }) => {
      const person = state.persons.find((candidate) => candidate.id === params.id);
      if (!person) return error(404, 'not_found', messages.notFound);
      if (person.userId !== userId) {
        return error(403, 'forbidden', messages.cannotUpdateAnotherProfile);
      }
      const { firstName, lastName, aboutMe, timezone, gender, birthDate } =
        body as UpdatePersonBody;
      Object.assign(person, { firstName, lastName, aboutMe, timezone, gender, birthDate });
      return HttpResponse.json(answer(person, userId));
    }),
    ...coachSettingsHandlers(state, handle),
  ];
}

/** A coach's settings as the mock holds them. */
function coachSettingsOf(state: MockState, coach: Person): CoachSettings {
  const stored = state.coachSettings.get(coach.id) ?? {
    hasTimezone: true,
    hasLanguage: false,
    ...morningMailDefaults,
    language: defaultCoachLanguage,
  };
  return { timezone: coach.timezone, ...stored };
}

/** The coach settings routes over the mock state, with the server's rule (the domain's). */
function coachSettingsHandlers(
  state: MockState,
  handle: ReturnType<typeof mockService>['handle'],
): HttpHandler[] {
  const coachOf = (userId: string | undefined) => {
    const caller = callerOf(state, userId);
    return caller?.type === 'coach' ? caller : null;
  };
  const notCoach = () => error(403, 'invalid_user_type', messages.invalidUserType);
  return [
    handle('getCoachSettings', ({ userId }) => {
      const coach = coachOf(userId);
      return coach ? HttpResponse.json(coachSettingsOf(state, coach)) : notCoach();
    }),
    handle('updateCoachSettings', ({ userId, body }) => {
      const coach = coachOf(userId);
      if (!coach) return notCoach();
      const checked = checkCoachSettings(body as UpdateCoachSettingsBody);
      if (!checked.isValid) return error(400, checked.code, checked.message);
      const { timezone, ...settings } = checked.settings;
      const { language, hasLanguage } = coachSettingsOf(state, coach);
      coach.timezone = timezone;
      // As on the server: the zone is chosen now, and the language when the change has one.
      state.coachSettings.set(coach.id, {
        hasTimezone: true,
        hasLanguage: hasLanguage || settings.language !== undefined,
        language,
        ...settings,
      });
      return HttpResponse.json(coachSettingsOf(state, coach));
    }),
    handle('setDetectedTimezone', ({ userId, body }) => {
      const coach = coachOf(userId);
      if (!coach) return notCoach();
      const detected = (body as { timezone: string }).timezone;
      const timezone = canonicalTimeZone(detected);
      if (!timezone) return error(400, 'invalid_timezone', inviteTimeZoneMessage(detected));
      const settings = coachSettingsOf(state, coach);
      if (!settings.hasTimezone) {
        coach.timezone = timezone;
        state.coachSettings.set(coach.id, {
          hasTimezone: true,
          hasLanguage: settings.hasLanguage,
          isMorningMailOn: settings.isMorningMailOn,
          morningMailHour: settings.morningMailHour,
          language: settings.language,
        });
      }
      return HttpResponse.json(coachSettingsOf(state, coach));
    }),
  ];
}

/** MSW handlers of the resource service over the mock state. */
function createResourceHandlers(options: MockHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  // A signed URL needs no bearer token (the mocks check no signature: the server's HMAC).
  const isSigned = (request: Request) =>
    isSignedPictureQuery(Object.fromEntries(new URL(request.url).searchParams));
  return [
    // To a signed URL, or with a bearer token of someone who may see the person; anyone else
    // gets the 404 of no picture.
    handle(
      'getProfilePicture',
      ({ params, query, userId }) => {
        const personId = (params.id ?? '').toLowerCase();
        const allowed =
          isSignedPictureQuery(query) ||
          visiblePersons(state, userId).some((person) => person.id === personId);
        const picture = allowed ? state.pictures.get(personId) : undefined;
        if (!picture) return error(404, 'not_found', messages.notFound);
        return HttpResponse.arrayBuffer(picture.bytes.slice(0), {
          headers: { 'Content-Type': picture.contentType, ETag: picture.etag },
        });
      },
      { isAnonymousAllowed: isSigned },
    ),
    handle('putProfilePicture', async ({ request, params, userId }) => {
      const person = state.persons.find((candidate) => candidate.id === params.id);
      if (!person) return error(404, 'not_found', messages.notFound);
      if (person.userId !== userId) return error(403, 'forbidden', messages.forbidden);
      // The app refuses what is no picture or too large before sending it; the server checks again.
      const bytes = await request.arrayBuffer();
      const contentType = request.headers.get('content-type') ?? 'image/png';
      state.sequence += 1;
      const etag = `"mock-${state.sequence}"`;
      state.pictures.set(person.id, { bytes, contentType, etag });
      person.profilePicture = profilePicturePath(person.id);
      return HttpResponse.json({ url: signedPictureUrl(person.id, now()), etag });
    }),
  ];
}

/** Options of {@link createHandlers}: the options of every service's handlers. */
export type HandlersOptions = AuthHandlerOptions &
  SignInFactorHandlerOptions &
  ClientDataHandlerOptions &
  ReportHandlerOptions &
  MessagingHandlerOptions &
  NotesHandlerOptions & {
    /**
     * The live event stream a story drives (`push`); by default one that sends only what the
     * mocks push themselves (`messages-changed` when a thread changes, `clients-changed` when a
     * follow-up does).
     */
    liveEvents?: LiveEventsMock;
  };

/**
 * The handlers of every service over one shared state: what a story passes to MSW. Options
 * override behaviour, e.g. `createHandlers({ loginFails: true })` or
 * `createHandlers({ delays: { getClientSeries: 'forever' } })`.
 */
export function createHandlers(options: HandlersOptions = {}): HttpHandler[] {
  const shared = withState(options);
  const live = options.liveEvents ?? createLiveEventsMock(shared);
  // A stream made over another state still hears of this one's changes (a client's message).
  linkLiveEvents(shared.state, live);
  return [
    ...createAuthHandlers(shared),
    ...createSignInFactorHandlers(shared),
    ...createSecurityLinkHandlers(shared),
    ...createSecurityEventHandlers(shared),
    ...createAccountHandlers(shared),
    ...createResourceHandlers(shared),
    ...createJourneyHandlers(shared),
    ...createRecordHandlers(shared),
    ...createAnalyticsHandlers(shared),
    ...createReportHandlers(shared),
    ...createCoachActionHandlers(shared),
    ...createEpisodeHandlers(shared),
    ...createMessagingHandlers(shared),
    ...createNotesHandlers(shared),
    ...createReviewHandlers(shared),
    ...live.handlers,
  ];
}
