import {
  checkMorningMailSettings,
  type MorningMailSettings,
  type MorningMailSettingsCheck,
} from './morningMail.ts';
import {
  type CoachLanguage,
  coachLanguageMessage,
  coachLanguages,
} from './values/accountValues.ts';
import { isOneOf } from './values/isOneOf.ts';

// A coach's settings as they change them in Settings: one rule for the server and its mocks.

/** A change of a coach's settings: the morning mail's, and the language when it changes. */
export type CoachSettingsChange = MorningMailSettings & { language?: CoachLanguage };

/** A change that passes the rule (as it is to be stored), or the first problem. */
export type CoachSettingsCheck =
  | { isValid: true; settings: CoachSettingsChange }
  | Extract<MorningMailSettingsCheck, { isValid: false }>;

/**
 * Checks a change of a coach's settings: the morning mail's rule, then the language, kept only
 * when given (a form without it leaves the stored one). The contract refuses an unknown language
 * first; the rule holds without it too.
 */
export function checkCoachSettings(input: CoachSettingsChange): CoachSettingsCheck {
  const checked = checkMorningMailSettings(input);
  if (!checked.isValid || input.language === undefined) return checked;
  if (!isOneOf(coachLanguages, input.language)) {
    return { isValid: false, code: 'validation_failed', message: coachLanguageMessage };
  }
  return { isValid: true, settings: { ...checked.settings, language: input.language } };
}
