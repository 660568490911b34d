import { describe, expect, it } from 'vitest';
import { checkCoachSettings } from './coachSettings.ts';
import { coachLanguageMessage } from './values/accountValues.ts';

const morningMail = { timezone: 'europe/madrid', isMorningMailOn: true, morningMailHour: 7 };

describe('checkCoachSettings', () => {
  it('keeps the language when given, beside the checked morning mail', () => {
    expect(checkCoachSettings({ ...morningMail, language: 'es' })).toEqual({
      isValid: true,
      settings: { ...morningMail, timezone: 'Europe/Madrid', language: 'es' },
    });
  });

  it('leaves the language out when not given, so the stored one stays', () => {
    const checked = checkCoachSettings(morningMail);
    expect(checked).toEqual({
      isValid: true,
      settings: { ...morningMail, timezone: 'Europe/Madrid' },
    });
  });

  it('refuses a language the product does not have, naming those it has', () => {
    const language = 'fr' as unknown as 'es';
    expect(checkCoachSettings({ ...morningMail, language })).toEqual({
      isValid: false,
      code: 'validation_failed',
      message: coachLanguageMessage,
    });
    expect(coachLanguageMessage).toBe('The language must be one of en-US, es');
  });

  it("answers the morning mail's problem first", () => {
    expect(
      checkCoachSettings({ ...morningMail, morningMailHour: 24, language: 'es' }),
    ).toMatchObject({ isValid: false, code: 'validation_failed' });
  });
});
