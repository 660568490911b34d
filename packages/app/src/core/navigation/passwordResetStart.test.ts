import { describe, expect, it } from 'vitest';
import { passwordResetStartOf, passwordResetStartState } from './passwordResetStart.ts';

describe("the reset's start carried by the router", () => {
  it('reads back the email and request id it was given', () => {
    const start = { email: 'coach@example.com', resetRequestId: 'mock-reset-request-12' };
    expect(passwordResetStartOf(passwordResetStartState(start))).toEqual(start);
  });

  it('ignores a state without a start, or with a start of another shape', () => {
    for (const state of [
      null,
      undefined,
      'text',
      {},
      { passwordResetStart: null },
      { passwordResetStart: { email: 'coach@example.com' } },
      { passwordResetStart: { email: 1, resetRequestId: 'mock-reset-request-12' } },
    ]) {
      expect(passwordResetStartOf(state)).toBeNull();
    }
  });
});
