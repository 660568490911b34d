// The second factors of a coach's sign-in (passkeys, authenticator app codes, recovery codes):
// their limits and names, without schemas. The contract builds its schemas on them, the server
// checks with them and the app's forms count with them.

/** Limits of the sign-in factors. */
export const signInFactorLimits = {
  /** Digits of an authenticator app's code (RFC 6238's usual 6). */
  totpDigits: 6,
  /** Seconds a code stands for (RFC 6238's 30). */
  totpPeriodSeconds: 30,
  /** Steps of clock drift accepted either way. */
  totpDriftSteps: 1,
  /** Recovery codes made at once (each usable once). */
  recoveryCodeCount: 10,
  /** Longest name of a passkey, in characters. */
  passkeyNameMaxLength: 60,
  /** Most passkeys an account keeps. */
  passkeysMax: 10,
  /** Seconds a second step (after a right password) stays open. */
  secondStepSeconds: 5 * 60,
  /** Seconds a WebAuthn challenge stays usable (once). */
  challengeSeconds: 5 * 60,
  /**
   * Seconds after a second factor was used in which the session may remove a factor, turn codes
   * off, or change the password or the email.
   */
  recentSecondFactorSeconds: 5 * 60,
} as const;

/** How a second step is passed with a code: an authenticator app's, or a recovery code. */
export const secondStepCodeMethods = ['totp', 'recovery'] as const;

/** A value of {@link secondStepCodeMethods}. */
export type SecondStepCodeMethod = (typeof secondStepCodeMethods)[number];

/** The ways a second step can be passed. */
export const secondStepMethods = ['passkey', ...secondStepCodeMethods] as const;

/** A value of {@link secondStepMethods}. */
export type SecondStepMethod = (typeof secondStepMethods)[number];

/** How a session was authenticated, in the order they were used. */
export const sessionProofs = ['password', 'mailedCode', 'passkey', 'totp', 'recovery'] as const;

/** A value of {@link sessionProofs}. */
export type SessionProof = (typeof sessionProofs)[number];

/** A recovery code as shown: 10 characters of an unambiguous alphabet, grouped 5-5. */
export const recoveryCodePattern = '^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$';

/** The server's words for the refusals of the second factors (the app shows its own, by code). */
export const signInFactorMessages = {
  secondStepExpired: 'This sign-in has expired, please sign in again',
  secondFactorNeeded: 'Confirm it is you with a passkey or a code first',
  passwordNeeded: 'Confirm it is you with your password first',
  wrongPassword: 'That is not the password of this account',
  securityLinkExpired: 'This link has expired or was used already',
  secondFactorEnrolmentRequired: 'Add a passkey or an authenticator app first',
  passkeysFull: 'This account has as many passkeys as it may keep',
  authenticatorOnAlready: 'The authenticator app is on already',
  lastSecondFactor: 'Your last passkey or authenticator app can not be removed',
  passkeyNotFound: 'Passkey not found',
  noAuthenticator: 'The authenticator app is not on',
  noEnrolment: 'Start adding the authenticator app first',
  passkeyRefused: 'The passkey could not be checked, please try again',
  onlyCoaches: 'Only coaches have sign-in methods',
} as const;

/**
 * What the account's recent security events (Settings) list: sign-ins, factor and password
 * changes, ended sessions, repeated wrong second-step codes and a used 'it was not me' link.
 */
export const securityEventKinds = [
  'signIn',
  'passkeyAdded',
  'passkeyRemoved',
  'authenticatorAdded',
  'authenticatorRemoved',
  'recoveryCodesRegenerated',
  'passwordChanged',
  'sessionEnded',
  'otherSessionsEnded',
  'secondFactorFailed',
  'securityLinkUsed',
] as const;

/** A value of {@link securityEventKinds}. */
export type SecurityEventKind = (typeof securityEventKinds)[number];

/** Limits of the account's security: the events listed, the link's life. */
export const accountSecurityLimits = {
  /** Most security events Settings lists (newest first). */
  securityEventsListed: 50,
  /** Seconds an 'it was not me' link of a security notice stays usable. */
  securityLinkSeconds: 7 * 24 * 60 * 60,
  /** Seconds after the password was entered in which a session without a second factor may add one. */
  recentPasswordSeconds: 5 * 60,
} as const;
