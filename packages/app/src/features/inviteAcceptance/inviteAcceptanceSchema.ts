import { type InferType, string } from 'yup';
import { validationMessage as message } from '../../forms/validationMessage.ts';
import { newPasswordStepSchema } from '../passwordReset/index.ts';
import { settingsSchema } from '../settings/index.ts';
import { offeredTimeZone } from './timeZones.ts';

/**
 * The invitee's account (requirements R5.1, R5.3): first and last name with the profile's rules (Settings),
 * the password and its confirmation with the reset's rules and texts (taken from their schemas,
 * not copied), and a timezone among the offered IANA names, sent in its canonical spelling.
 */
export const inviteAcceptanceSchema = settingsSchema
  .pick(['firstName', 'lastName'])
  .concat(newPasswordStepSchema)
  .shape({
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
