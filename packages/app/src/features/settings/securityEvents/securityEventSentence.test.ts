import { sessionProofs } from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../../test/testI18n.ts';
import { formatEventTime, securityEventSentence } from './securityEventSentence.ts';

const english = createTestI18n('en-US').t;
const spanish = createTestI18n('es').t;

describe('securityEventSentence', () => {
  it("says how a sign-in was made: 'Signed in with password and authenticator code'", () => {
    expect(
      securityEventSentence({ kind: 'signIn', proofs: ['password', 'totp'] }, english, 'en-US'),
    ).toBe('Signed in with password and authenticator code');
  });

  it('lists three proofs as the locale does, in Spanish too', () => {
    const event = { kind: 'signIn', proofs: ['password', 'mailedCode', 'passkey'] } as const;
    expect(securityEventSentence(event, english, 'en-US')).toBe(
      'Signed in with password, emailed code, and passkey',
    );
    expect(securityEventSentence(event, spanish, 'es')).toBe(
      'Inicio de sesión con contraseña, código por correo y llave de acceso',
    );
  });

  it("says 'Signed in' for a sign-in without proofs", () => {
    expect(securityEventSentence({ kind: 'signIn', proofs: [] }, english, 'en-US')).toBe(
      'Signed in',
    );
  });

  it('words every proof', () => {
    for (const proof of sessionProofs) {
      const sentence = securityEventSentence({ kind: 'signIn', proofs: [proof] }, english, 'en-US');
      expect(sentence).toMatch(/^Signed in with [a-z ]+$/);
    }
  });

  it("words the other kinds: 'Passkey added', 'Llave de acceso añadida'", () => {
    expect(securityEventSentence({ kind: 'passkeyAdded', proofs: [] }, english, 'en-US')).toBe(
      'Passkey added',
    );
    expect(securityEventSentence({ kind: 'passkeyAdded', proofs: [] }, spanish, 'es')).toBe(
      'Llave de acceso añadida',
    );
    expect(
      securityEventSentence({ kind: 'otherSessionsEnded', proofs: [] }, english, 'en-US'),
    ).toBe('Signed out of all other sessions');
  });
});

describe('formatEventTime', () => {
  it('writes the date and the time as the locale does', () => {
    const at = '2026-11-16T09:10:00.000Z';
    expect(formatEventTime(at, 'en-US')).toMatch(/^Nov 16, 2026, \d{1,2}:10\s[AP]M$/);
    expect(formatEventTime(at, 'es')).toMatch(/^16 nov 2026, \d{1,2}:10$/);
  });
});
