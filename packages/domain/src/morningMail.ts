import { inviteTimeZoneMessage } from './invites.ts';
import { canonicalTimeZone } from './timeZone.ts';
import { localDateOf } from './zonedTime.ts';

// The morning attention mail's settings and when it is due: one rule for the server, its mocks
// and the app's Settings form.

/** A coach's morning mail before they change it: on, at 07:00 in their timezone. */
export const morningMailDefaults = { isMorningMailOn: true, morningMailHour: 7 } as const;

/** The hours a coach may choose: 0 (midnight) to 23, local time. */
export const morningMailHourBounds = { min: 0, max: 23 } as const;

/** The morning mail's settings as a coach stores them. */
export type MorningMailSettings = {
  /** The coach's IANA timezone: the mail's hour and day are local to it. */
  timezone: string;
  isMorningMailOn: boolean;
  /** Local hour of the mail, 0 to 23. */
  morningMailHour: number;
};

/** Settings that pass the rule (the timezone in its canonical spelling), or the first problem. */
export type MorningMailSettingsCheck =
  | { isValid: true; settings: MorningMailSettings }
  | { isValid: false; code: 'invalid_timezone' | 'validation_failed'; message: string };

/** The answer to an hour outside 0-23 or not whole. */
export const morningMailHourMessage = 'The hour must be a whole number from 0 to 23';

/** Whether `hour` is an hour a coach may choose. */
export function isMorningMailHour(hour: number): boolean {
  return (
    Number.isInteger(hour) && hour >= morningMailHourBounds.min && hour <= morningMailHourBounds.max
  );
}

/**
 * Checks settings a coach sends (what JSON Schema cannot say): a timezone Intl knows (stored in
 * its canonical spelling, the rule of every timezone) and a whole hour from 0 to 23.
 */
export function checkMorningMailSettings(input: MorningMailSettings): MorningMailSettingsCheck {
  const timezone = canonicalTimeZone(input.timezone);
  if (!timezone) {
    return {
      isValid: false,
      code: 'invalid_timezone',
      message: inviteTimeZoneMessage(input.timezone),
    };
  }
  if (!isMorningMailHour(input.morningMailHour)) {
    return { isValid: false, code: 'validation_failed', message: morningMailHourMessage };
  }
  return {
    isValid: true,
    settings: {
      timezone,
      isMorningMailOn: input.isMorningMailOn,
      morningMailHour: input.morningMailHour,
    },
  };
}

/** The local hour (0-23) of an instant in a timezone. */
export function localHourOf(instant: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    hourCycle: 'h23',
  }).format(instant);
  return Number(hour);
}

/**
 * The local date whose morning mail is due at `now`, or null: due through the chosen hour only
 * (a server down for the whole hour sends nothing late that day: a 'morning' mail at noon would
 * say what the coach has seen by then).
 */
export function morningMailDueDate(
  now: Date,
  settings: Pick<MorningMailSettings, 'timezone' | 'isMorningMailOn' | 'morningMailHour'>,
): string | null {
  if (!settings.isMorningMailOn) return null;
  if (localHourOf(now, settings.timezone) !== settings.morningMailHour) return null;
  return localDateOf(now, settings.timezone);
}
