// The account service's plain values (enumerations, picture paths) without schemas: the app, the
// API client and the rules use them without TypeBox. The contract's account.ts builds the schemas
// on them.

/** Profile types: coaches use the app, users are their clients. */
export const personTypes = ['coach', 'user'] as const;

/** One of {@link personTypes}. */
export type PersonType = (typeof personTypes)[number];

/** Genders a profile may state. */
export const genders = ['male', 'female'] as const;

/** One of {@link genders}. */
export type Gender = (typeof genders)[number];

/**
 * The languages a coach may choose: the app's screens, their mails and their reports follow it.
 * English (US) first, the default (requirements R1).
 */
export const coachLanguages = ['en-US', 'es'] as const;

/** One of {@link coachLanguages}. */
export type CoachLanguage = (typeof coachLanguages)[number];

/** A coach's language until they choose one. */
export const defaultCoachLanguage: CoachLanguage = 'en-US';

/** The answer to a language the product does not have. */
export const coachLanguageMessage = `The language must be one of ${coachLanguages.join(', ')}`;

/** The stored form of a profile picture URL (requirements R3.1): `resource/profilePicture/{id}`. */
export function profilePicturePath(personId: string): string {
  return `resource/profilePicture/${personId}`;
}

/**
 * The address to load a profile picture from: a stored `resource/...` path is resolved against
 * the resource service base (e.g. `/api/resource`); absolute URLs are kept; null stays null.
 */
export function resolveProfilePictureUrl(
  profilePicture: string | null | undefined,
  resourceBaseURL: string,
): string | null {
  if (!profilePicture) return null;
  if (/^([a-z][a-z0-9+.-]*:|\/)/i.test(profilePicture)) return profilePicture;
  const relative = profilePicture.replace(/^resource\//, '');
  return `${resourceBaseURL.replace(/\/+$/, '')}/${relative}`;
}

/** The fields of a Person that a client's view of their coach (PublicPerson) leaves out. */
export const privatePersonFields = ['timezone', 'gender', 'birthDate'] as const;
