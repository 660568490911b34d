// The plain values every service shares (texts, limits): no schemas, so the app and the API
// client use them without TypeBox. The contract's field, date and validation-message modules build
// the shared schemas on them.

/**
 * Every text of requirements R5 and R8 that a caller may see, so the server answers with the same
 * words the app shows.
 */
export const messages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  maxNameLength: 'Max 250 characters',
  aboutMeTooLong: 'Max 500 characters',
  emailRequired: 'Email is required',
  emailFormat: 'Incorrect email format',
  passwordRequired: 'Password is required',
  passwordMinLength: 'Password must be 8+ characters long',
  passwordRules: 'Requires numbers and different case letters',
  passwordsDoNotMatch: 'Passwords do not match',
  codeRequired: 'Code is required',
  codeLength: 'Code must be 6 characters long',
  codeDigits: 'Code must contain only digits',
  wrongCredentials: 'Wrong email or password',
  wrongCode: 'Wrong code',
  signInCodeRequired:
    'If your email and password are right, we have emailed you a code: enter it to sign in',
  wrongSignInCode: 'Wrong email, password or code',
  invalidUserType: 'Invalid user type. Only coaches allowed',
  cannotUpdateAnotherProfile: 'You can not update another person profile',
  profilePictureNotImage: 'You are able to only use images as a profile picture',
  profilePictureTooLarge:
    'File is too big for the upload, the limit is {{sizeLimit}}. Please, choose another one',
  sessionExpired: 'Your session has expired, please sign in again',
  sessionEnded: 'Your session has ended, please sign in again',
  invalidAccessToken: 'Invalid access token',
  accessTokenExpired: 'Access token expired',
  unauthorized: 'Authentication required',
  notFound: 'Not found',
  forbidden: 'Forbidden',
  tooManyRequests: 'Too many requests, please try again later',
  invalidRequest: 'Invalid request',
  internalError: 'Something went wrong',
  clientNotFound: 'Client not found',
  exerciseNotFound: 'Exercise not found',
  invalidCursor: 'Invalid cursor',
  onlyClientsSubmitReflections: 'Only a client can submit reflections',
  onlyClientsSubmitAssessments: 'Only a client can submit assessments',
  onlyClientsRecordExercises: 'Only a client can record exercises',
  onlyClientsSendDeviceMetrics: 'Only a client can send device metrics',
  noReflectionWindow: 'No reflection window is open at that time',
  reflectionWindowCompleted: 'This reflection window is already completed',
  assessmentFinal: 'A complete assessment can not be changed',
  firstNameOneLine: 'First name must be on one line',
  lastNameOneLine: 'Last name must be on one line',
  serviceUnavailable: 'The service is unavailable for a moment, please try again shortly',
  tooManyRequestsFromAddress:
    'Too many requests from your address at once, please try again shortly',
  requestBodyTooSlow: 'The request body came too slowly',
  tooManyLiveStreams: 'Too many live event streams are open, please close one and try again',
  messageNotFound: 'Message not found',
  messageIdTaken: 'A message with this id was already sent with another text',
  onlyCoachesDeleteMessages: 'Only a coach can delete their own message',
  messageDeleteWindowPassed: 'A message can be deleted only within 5 minutes of sending it',
  onlyCoachesKeepQuickReplies: 'Only a coach keeps quick replies',
  onlyCoachesReadUnreadCounts: "Only a coach reads their clients' unread messages",
  quickReplyIdsRepeated: 'Each quick reply must have its own id',
  tooManyMessages: 'Too many messages, please try again later',
  noteNotFound: 'Note not found',
  noteIdTaken: 'A note with this id was already written with another text',
  noteEditWindowPassed: 'Notes can be edited for 24 hours after writing',
  noOpenFollowUp: 'No open follow-up',
  tooManyNotes: 'Too many notes today, please try again later',
  tooManyFollowUps: 'Too many follow-ups set today, please try again later',
  tooManyReviews: 'Too many reviews marked or undone lately, please try again later',
} as const;

/**
 * What a name may not hold, as a regular expression character class: control characters (line
 * breaks, tabs, escape...) and the Unicode line and paragraph separators. A name is one line of
 * plain text wherever it is shown or sent (a mail, a PDF, a list), so no one can add lines of
 * their own to a text the product sends. The contract's name schema and the app's forms share it.
 */
export const nameBreakingCharacters = '[\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]';

/** The ranges of {@link nameBreakingCharacters} without the brackets, to leave out of a class. */
export const nameBreakingRanges = nameBreakingCharacters.slice(1, -1);

/** Whether a name is one line: none of {@link nameBreakingCharacters}. */
export function isOneLineName(text: string): boolean {
  return !new RegExp(nameBreakingCharacters).test(text);
}

/**
 * The dates the product knows, inclusive: every date and date-time a request carries falls in
 * them (PostgreSQL has no year 0, JavaScript dates drift before 1900, nobody plans past 2199).
 */
export const dateBounds = { earliest: '1900-01-01', latest: '2199-12-31' } as const;

/**
 * The year rule of {@link dateBounds} as a JSON Schema `pattern` (years 1900 to 2199); the
 * `date` or `date-time` format checks the rest.
 */
export const dateBoundsPattern = '^(?:19[0-9]{2}|2[01][0-9]{2})-';

/** Whether a date or date-time text starts with a year of {@link dateBounds}. */
export function isWithinDateBounds(text: string): boolean {
  return new RegExp(dateBoundsPattern).test(text);
}

/** The message of a date or date-time outside {@link dateBounds}, naming the field. */
export function dateOutOfBoundsMessage(field: string): string {
  return `${field} must be between ${dateBounds.earliest} and ${dateBounds.latest}`;
}

/** 'No profile found by userId {id}' (requirements R8.1). */
export function noProfileFoundMessage(userId: string): string {
  return `No profile found by userId ${userId}`;
}

/**
 * A text's length as every limit counts it: in characters (Unicode code points), as the server's
 * JSON Schema `maxLength` does, not in UTF-16 units (an emoji is one character, two units).
 */
export function textLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/** Limits of requirements R5 and R9 and of the decisions. */
export const limits = {
  nameMaxLength: 250,
  aboutMeMaxLength: 500,
  passwordMinLength: 8,
  /** Longest password accepted, so a hash never gets megabytes of input. */
  passwordMaxLength: 128,
  emailMaxLength: 254,
  codeLength: 6,
  /** Profile picture upload limit in bytes ('7 MB'). */
  profilePictureMaxBytes: 7_000_000,
  /** Longest picture address (`resource/profilePicture/{id}` or an absolute URL). */
  urlMaxLength: 2048,
  /** Longest access or refresh token, invite token or cursor a call carries. */
  tokenMaxLength: 512,
  /** Most pending invites `GET /invites` lists (the most recently sent). */
  invitesListMax: 1000,
  /**
   * Longest error message an answer carries: a rejected device batch lists up to 20 problems
   * (about 2.5 kB at most); a validation answer is cut to it.
   */
  errorMessageMaxLength: 4000,
} as const;

/** The image types a profile picture may have. */
export const profilePictureContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** One of {@link profilePictureContentTypes}. */
export type ProfilePictureContentType = (typeof profilePictureContentTypes)[number];
