import { errorStatuses } from '@coach/api';
import { validateMetricBatch } from '@coach/domain';
import { DomainError } from '@coach/server';
import type { Transaction } from '@coach/server/db';
import {
  type ClientRef,
  changePhase,
  recordExercise,
  storeMetricBatch,
  submitAssessment,
  submitReflection,
} from '@coach/server/stores';
import type { TimelineAction } from './generator.ts';

/** The coach who makes the phase changes of an in-process timeline. */
export type TimelineCoach = { personId: string; userId: string };

/** What applying one action gave: stored (or stored before), or refused with the reason. */
export type AppliedAction = { ok: true } | { ok: false; message: string };

/**
 * Applies one timeline action through the same store functions the HTTP handlers call, in the
 * caller's transaction, with `now` as the services' clock: the demo seed's way of writing a
 * simulated history without HTTP.
 */
export async function applyTimelineAction(
  tx: Transaction,
  client: ClientRef,
  coach: TimelineCoach,
  action: TimelineAction,
  now: Date,
): Promise<AppliedAction> {
  try {
    await applyAction(tx, client, coach, action, now);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      ok: false,
      message: `${action.type} at ${action.at.toISOString()}: ${reasonOf(error)}`,
    };
  }
}

/** A refusal as the route would answer it: status, code and message. */
function reasonOf(error: DomainError): string {
  return `${errorStatuses[error.code]} ${error.code} ${error.message}`;
}

/** Stores one action, or throws the {@link DomainError} the route would answer. */
async function applyAction(
  tx: Transaction,
  client: ClientRef,
  coach: TimelineCoach,
  action: TimelineAction,
  now: Date,
): Promise<void> {
  switch (action.type) {
    case 'reflection':
      await submitReflection(tx, client, action.body, now);
      return;
    case 'assessment':
      await submitAssessment(tx, client, action.body, now);
      return;
    case 'exercise':
      await recordExercise(tx, client, action.body, now);
      return;
    case 'deviceMetrics': {
      const checked = validateMetricBatch(action.body, now);
      if (!checked.ok) throw new DomainError('invalid_batch', checked.errors.join('; '));
      const owner = {
        organisationId: client.organisationId,
        clientPersonId: client.id,
        timezone: client.timezone,
      };
      await storeMetricBatch(tx, owner, checked.batch);
      return;
    }
    case 'phaseChange':
      await changePhase(
        tx,
        client,
        { coachPersonId: coach.personId, userId: coach.userId },
        action.body,
        now,
      );
      return;
  }
}
