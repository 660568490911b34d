import type { SecurityEventKind, SessionProof } from '@coach/domain';
import type { TFunction } from 'i18next';

/**
 * What happened, in one sentence of the coach's language: 'Signed in with password and
 * authenticator code' (the proofs listed as the locale joins words), 'Passkey added'.
 */
export function securityEventSentence(
  event: { kind: SecurityEventKind; proofs: readonly SessionProof[] },
  t: TFunction,
  locale: string,
): string {
  if (event.kind !== 'signIn') return t(`settings.security.kinds.${event.kind}`);
  if (event.proofs.length === 0) return t('settings.security.kinds.signInWithoutProofs');
  const proofs = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    event.proofs.map((proof) => t(`settings.security.proofs.${proof}`)),
  );
  return t('settings.security.kinds.signIn', { proofs });
}

/** When, as the locale writes a date and a time ('Nov 16, 2026, 9:10 AM'). */
export function formatEventTime(instant: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(instant),
  );
}
