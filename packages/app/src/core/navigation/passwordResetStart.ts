/**
 * A reset whose code is mailed already, by a page that sends the coach on to '/changePassword'
 * (a security link ended every session and started the reset): the flow opens at its code step
 * with the email and the request the code was mailed for, under a note that the sessions ended.
 */
export type PasswordResetStart = { email: string; resetRequestId: string };

const stateKey = 'passwordResetStart';

/** The router state that opens '/changePassword' at the code step of `start`. */
export function passwordResetStartState(start: PasswordResetStart) {
  return { [stateKey]: start };
}

/** The start a location's state carries, if any (a reload keeps it; anything else is ignored). */
export function passwordResetStartOf(state: unknown): PasswordResetStart | null {
  if (typeof state !== 'object' || state === null) return null;
  const start: unknown = (state as Record<string, unknown>)[stateKey];
  if (typeof start !== 'object' || start === null) return null;
  const { email, resetRequestId } = start as Record<string, unknown>;
  return typeof email === 'string' && typeof resetRequestId === 'string'
    ? { email, resetRequestId }
    : null;
}
