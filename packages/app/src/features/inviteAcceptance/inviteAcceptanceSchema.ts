import { type InferType, string } from 'yup';
import {
  validationMessage as message,
  newPasswordSchema,
  personNameSchema,
} from '../../core/fieldRules/index.ts';
import { offeredTimeZone } from './timeZones.ts';

/**
 * The invitee's account (requirements R5.1, R5.3): first and last name with the profile's rules
 * (Settings), the password and its confirmation with the reset's rules and texts (the shared
 * field rules, not copies), and a timezone among the offered IANA names, sent in its canonical
 * spelling.
 */
export const inviteAcceptanceSchema = personNameSchema.concat(newPasswordSchema).shape({
  timezone: string()
    .transform((value: unknown) =>
      typeof value === 'string' ? (offeredTimeZone(value) ?? value) : value,
    )
    .trim()
    .required(message('inviteAcceptance.validation.timezoneRequired'))
    .test(
      'offered',
      message('inviteAcceptance.validation.timezoneUnknown'),
      (value) => offeredTimeZone(value) !== null,
    ),
});

/** The invite form's values. */
export type InviteAcceptanceValues = InferType<typeof inviteAcceptanceSchema>;
