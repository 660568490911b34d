import { signInFactorLimits } from '@coach/domain';
import { Secret, TOTP } from 'otpauth';

// Authenticator app codes (RFC 6238 through otpauth): SHA-1, 6 digits, 30 s, one step of drift
// either way (decision 73).

const { totpDigits, totpPeriodSeconds, totpDriftSteps } = signInFactorLimits;

/** The issuer the app shows beside the account. */
const issuer = 'Coach';

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: totpDigits,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret (160 random bits, base32: 32 characters) and its otpauth:// address. */
export function newTotpSecret(label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label).toString() };
}

/**
 * The time step `code` stands for at `now` (within the drift), or null when it is no code of the
 * secret's around now. The caller refuses a step already used.
 */
export function stepOfCode(secretBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secretBase32, 'check').validate({
    token: code,
    timestamp,
    window: totpDriftSteps,
  });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / totpPeriodSeconds) + delta;
}
