import type { Transaction } from '../db/index.ts';
import { validateMetricBatch } from '../domain/figures/metricBounds.ts';
import type { ClientRef } from '../services/clientData/steps.ts';
import { storeMetricBatch } from '../services/deviceMetrics/store.ts';
import { recordExercise } from '../services/exercise/store.ts';
import { changePhase } from '../services/journey/store.ts';
import { submitAssessment, submitReflection } from '../services/survey/store.ts';
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
  const refused = (outcome: { ok: false; status: number; error: string; message: string }) => ({
    ok: false as const,
    message: `${action.type} at ${action.at.toISOString()}: ${outcome.status} ${outcome.error} ${outcome.message}`,
  });
  switch (action.type) {
    case 'reflection': {
      const outcome = await submitReflection(tx, client, action.body, now);
      return outcome.ok ? { ok: true } : refused(outcome);
    }
    case 'assessment': {
      const outcome = await submitAssessment(tx, client, action.body, now);
      return outcome.ok ? { ok: true } : refused(outcome);
    }
    case 'exercise': {
      const outcome = await recordExercise(tx, client, action.body, now);
      return outcome.ok ? { ok: true } : refused(outcome);
    }
    case 'deviceMetrics': {
      const checked = validateMetricBatch(action.body, now);
      if (!checked.ok) {
        return { ok: false, message: `deviceMetrics: 400 ${checked.errors.join('; ')}` };
      }
      const owner = {
        organisationId: client.organisationId,
        clientPersonId: client.id,
        timezone: client.timezone,
      };
      await storeMetricBatch(tx, owner, checked.batch);
      return { ok: true };
    }
    case 'phaseChange': {
      const outcome = await changePhase(
        tx,
        client,
        { coachPersonId: coach.personId, userId: coach.userId },
        action.body,
        now,
      );
      return outcome.ok
        ? { ok: true }
        : { ok: false, message: `phaseChange: ${outcome.error.code} ${outcome.error.message}` };
    }
  }
}
