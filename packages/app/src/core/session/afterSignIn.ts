import type { CoachApi } from '@coach/api';
import type { CoachLanguage } from '@coach/domain';
import type { i18n as I18n } from 'i18next';
import { getI18n } from 'react-i18next';

/** The browser's IANA timezone, or null when it does not say. */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * After a sign-in, from one read of the coach's settings: the app switches to the language they
 * chose, English included (it wins over the detected one, so the screens speak as the coach's
 * mails and reports do; i18next caches it, so the next visit starts in it) and answers the saved
 * one; a coach who never chose keeps the detected language (the spec's order); and when the coach has
 * no timezone yet (never chosen nor detected) sends the browser's, so the morning mail comes at the
 * coach's own hour from the first day. The server stores the zone only while the coach still has
 * none. A failure changes nothing the coach sees (the detected language stays, the zone stays the
 * default, and Settings can set both), so it is not reported: the answer is then null.
 */
export async function afterSignIn(
  api: CoachApi,
  timeZone: string | null = browserTimeZone(),
  i18n: I18n | undefined = getI18n(),
): Promise<CoachLanguage | null> {
  let language: CoachLanguage | null = null;
  try {
    const settings = await api.account.getCoachSettings();
    language = settings.language;
    if (i18n && settings.hasLanguage && language !== i18n.resolvedLanguage) {
      void i18n.changeLanguage(language);
    }
    if (timeZone && !settings.hasTimezone) await api.account.setDetectedTimezone(timeZone);
  } catch {
    // See above: nothing to tell the coach.
  }
  return language;
}
