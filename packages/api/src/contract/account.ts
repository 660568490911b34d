import {
  coachLanguages,
  defaultCoachLanguage,
  limits,
  morningMailDefaults,
  morningMailHourBounds,
  personTypes,
} from '@coach/domain';
import { type Static, Type } from 'typebox';
import { DateSchema } from './dates.ts';
import { literalUnion } from './enumeration.ts';
import { FreeTextSchema, NameSchema, TimezoneSchema } from './fieldSchemas.ts';
import { IdSchema } from './ids.ts';

/** About me: free text, possibly empty, at most 500 characters. */
export const AboutMeSchema = FreeTextSchema({
  maxLength: limits.aboutMeMaxLength,
  description: 'About me, may be empty, at most 500 characters',
});

/** The editable fields of a profile, shared by the profile and its update body. */
const editableProfileFields = {
  firstName: NameSchema,
  lastName: NameSchema,
  aboutMe: AboutMeSchema,
  timezone: TimezoneSchema,
  gender: Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()], {
    description: 'male, female or null when not stated',
  }),
  birthDate: Type.Union([DateSchema('Birth date, YYYY-MM-DD'), Type.Null()], {
    description: 'Birth date (YYYY-MM-DD) or null',
  }),
};

/**
 * A profile (person): a coach or a client of type 'user', with every field: the caller's own
 * profile and a coach's view of their clients.
 */
export const PersonSchema = Type.Object(
  {
    id: IdSchema,
    userId: IdSchema,
    type: literalUnion(personTypes, { description: "coach or user (a coach's client)" }),
    ...editableProfileFields,
    profilePicture: Type.Union([Type.String({ maxLength: limits.urlMaxLength }), Type.Null()], {
      description:
        "Signed picture URL 'resource/profilePicture/{id}?expires=…&signature=…' relative to " +
        'the resource base (works without a bearer token for up to an hour), null when none',
    }),
    coachId: Type.Union([IdSchema, Type.Null()], {
      description: "The coach's person id for a client, null for a coach",
    }),
  },
  { description: 'A profile' },
);

/** See {@link PersonSchema}. */
export type Person = Static<typeof PersonSchema>;

/**
 * A client's view of their coach: who they are (names, about me, picture) and nothing private
 * (no timezone, gender or birth date).
 */
export const PublicPersonSchema = Type.Object(
  {
    id: PersonSchema.properties.id,
    userId: PersonSchema.properties.userId,
    type: PersonSchema.properties.type,
    firstName: PersonSchema.properties.firstName,
    lastName: PersonSchema.properties.lastName,
    aboutMe: PersonSchema.properties.aboutMe,
    profilePicture: PersonSchema.properties.profilePicture,
    coachId: PersonSchema.properties.coachId,
  },
  { description: "A client's view of their coach: no timezone, gender or birth date" },
);

/** See {@link PublicPersonSchema}. */
export type PublicPerson = Static<typeof PublicPersonSchema>;

/**
 * A profile as its caller may see it: every field ({@link PersonSchema}) for one's own profile
 * and a coach's clients, or the public ones ({@link PublicPersonSchema}) for a client's coach.
 */
export const PersonViewSchema = Type.Union([PersonSchema, PublicPersonSchema], {
  description: "A profile: complete, or public for a client's view of their coach",
});

/** See {@link PersonViewSchema}. */
export type PersonView = Static<typeof PersonViewSchema>;

/** A list of profiles, each as the caller may see it. */
export const PersonListSchema = Type.Array(PersonViewSchema, { description: 'Profiles' });

/** See {@link PersonListSchema}. */
export type PersonList = Static<typeof PersonListSchema>;

/** `GET /persons` query: optionally only the profiles of one user. */
export const PersonsQuerySchema = Type.Object(
  { userId: Type.Optional(IdSchema) },
  { description: 'Filter by user id' },
);

/** See {@link PersonsQuerySchema}. */
export type PersonsQuery = Static<typeof PersonsQuerySchema>;

/**
 * `PUT /persons/{id}` body: the full profile as the app holds it. The server takes the editable
 * fields and ignores the others (id, userId, type, coachId, profilePicture are its own).
 */
export const UpdatePersonBodySchema = Type.Object(
  {
    id: Type.Optional(IdSchema),
    userId: Type.Optional(IdSchema),
    type: Type.Optional(literalUnion(personTypes)),
    ...editableProfileFields,
    profilePicture: Type.Optional(
      Type.Union([
        FreeTextSchema({
          maxLength: limits.urlMaxLength,
          description: "Ignored: the server's own",
        }),
        Type.Null(),
      ]),
    ),
    coachId: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  },
  { description: 'The full profile to store' },
);

/** See {@link UpdatePersonBodySchema}. */
export type UpdatePersonBody = Static<typeof UpdatePersonBodySchema>;

/** The morning attention mail's settings of a coach, as stored and as sent. */
const morningMailFields = {
  timezone: TimezoneSchema,
  isMorningMailOn: Type.Boolean({
    description: `Whether the morning attention mail goes (on by default: ${morningMailDefaults.isMorningMailOn})`,
  }),
  morningMailHour: Type.Integer({
    minimum: morningMailHourBounds.min,
    maximum: morningMailHourBounds.max,
    description: `Local hour of the morning mail in the coach's timezone, 0-23 (default ${morningMailDefaults.morningMailHour})`,
  }),
};

/** The language of a coach's screens, mails and reports. */
export const CoachLanguageSchema = literalUnion(coachLanguages, {
  description: `The language of the coach's screens, mails and reports: ${coachLanguages.join(' or ')} (default ${defaultCoachLanguage})`,
});

/** A coach's settings: their timezone, the morning attention mail and their language. */
export const CoachSettingsSchema = Type.Object(
  {
    ...morningMailFields,
    language: CoachLanguageSchema,
    hasTimezone: Type.Boolean({
      description:
        'False while the timezone is the default (UTC), never chosen nor detected: the app then ' +
        "sends the browser's zone (`POST /coachSettings/detectedTimezone`)",
    }),
    hasLanguage: Type.Boolean({
      description:
        'True once the coach has chosen a language (in Settings, or given when the account was ' +
        'created), English included: the app then speaks it; false while the language is the ' +
        "default nobody chose, so the app keeps the one it detected (the browser's)",
    }),
  },
  { description: "A coach's timezone, morning mail and language" },
);

/** See {@link CoachSettingsSchema}. */
export type CoachSettings = Static<typeof CoachSettingsSchema>;

/**
 * `PUT /coachSettings` body: the timezone and the morning mail, all three, and the language when
 * it changes (absent: the stored one stays, so a form without it changes no language).
 */
export const UpdateCoachSettingsBodySchema = Type.Object(
  { ...morningMailFields, language: Type.Optional(CoachLanguageSchema) },
  { description: 'The settings to store' },
);

/** See {@link UpdateCoachSettingsBodySchema}. */
export type UpdateCoachSettingsBody = Static<typeof UpdateCoachSettingsBodySchema>;

/** `POST /coachSettings/detectedTimezone` body: the browser's zone. */
export const DetectedTimezoneBodySchema = Type.Object(
  { timezone: TimezoneSchema },
  { description: "The browser's timezone, stored only while the coach has none" },
);

/** See {@link DetectedTimezoneBodySchema}. */
export type DetectedTimezoneBody = Static<typeof DetectedTimezoneBodySchema>;
