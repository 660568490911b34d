import type { Registry } from 'prom-client';
import { DomainError } from '../../domainError.ts';
import { createLabelledCounter } from '../../metrics/labelledCounter.ts';

/** How a sign-in with a password ended. */
const signInOutcomes = [
  'success',
  'second_step',
  'failure',
  'code_required',
  'throttled',
  'error',
] as const;
export type SignInOutcome = (typeof signInOutcomes)[number];

/** The sign-ins' metrics, a family the sign-in route registers with the process's metrics. */
export function signInMetrics(registry: Registry) {
  const signIns = createLabelledCounter(registry, {
    name: 'coach_sign_ins_total',
    help: "Sign-ins with a password, by outcome: success, second_step (a second factor asked), failure (a wrong password or email, or a wrong mailed code), code_required (the account's mailed code asked), throttled (429), error",
    label: 'outcome',
    values: signInOutcomes,
  });
  return {
    /** Counts a sign-in's outcome. */
    signedIn(outcome: SignInOutcome) {
      signIns.inc({ outcome });
    },
  };
}

/** The outcome of a sign-in that threw `error`. */
export function failedSignInOutcome(error: unknown): SignInOutcome {
  if (!(error instanceof DomainError)) return 'error';
  if (error.code === 'rate_limited') return 'throttled';
  if (error.code === 'sign_in_code_required') return 'code_required';
  if (error.code === 'invalid_credentials') return 'failure';
  return 'error';
}
