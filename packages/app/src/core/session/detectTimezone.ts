import type { CoachApi } from '@coach/api';

/** The browser's IANA timezone, or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * After a sign-in: when the coach has no timezone yet (never chosen nor detected), sends the
 * browser's, so the morning mail comes at the coach's own hour from the first day. The server
 * stores it only while the coach still has none; a failure changes nothing the coach sees (the
 * zone stays the default, and Settings can set it), so it is not reported.
 */
export async function detectTimezone(
  api: CoachApi,
  timeZone: string | null = browserTimeZone(),
): Promise<void> {
  if (!timeZone) return;
  try {
    const settings = await api.account.getCoachSettings();
    if (!settings.hasTimezone) await api.account.setDetectedTimezone(timeZone);
  } catch {
    // See above: nothing to tell the coach.
  }
}
