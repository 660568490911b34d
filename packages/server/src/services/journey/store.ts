import type { Journey, JourneyStepEntry } from '@coach/api';
import {
  breathsPerMinuteValues,
  currentStepDay,
  exerciseGoalNames,
  exerciseStepGoalNames,
  isOneOf,
  journeyStepNames,
  localDateOf,
  nextPhaseOf,
  type PhaseChangeRequest,
  type PlannedPhaseChange,
  phaseChangeErrorCodes,
  planPhaseChange,
  preferredStepLengthDays,
} from '@coach/domain';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit.ts';
import {
  type Database,
  ofClientPlaceholders,
  preparedPerHandle,
  schema,
  type Transaction,
} from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import {
  type ClientRef,
  learnStartDate,
  lockClient,
  readStepStarts,
  recomputePhaseTotals,
  replanCalendar,
} from '../clientRecords/index.ts';

const { journeys, journeySteps: stepRows } = schema;

/** The client a journey belongs to: what reading and changing it needs of their profile. */
export type JourneyClient = ClientRef;

type StepRow = typeof stepRows.$inferSelect;

function toEntry(row: StepRow): JourneyStepEntry {
  return {
    step: row.step,
    status: row.status,
    startDate: row.startDate,
    goals: row.goals.filter((goal) => isOneOf(exerciseStepGoalNames, goal)),
    bpm: isOneOf(breathsPerMinuteValues, row.bpm) ? row.bpm : null,
    goalChoices: Array.isArray(row.goalChoices)
      ? row.goalChoices.filter((goal) => isOneOf(exerciseGoalNames, goal))
      : [],
    startedByPersonId: row.startedByPersonId,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The implicit learn step of a client with nothing stored yet. */
function implicitLearn(client: JourneyClient, status: 'active' | 'completed'): JourneyStepEntry {
  return {
    step: 'learn',
    status,
    startDate: learnStartDate(client),
    goals: [],
    bpm: null,
    goalChoices: [],
    startedByPersonId: null,
    startedAt: client.createdAt.toISOString(),
    completedAt: null,
  };
}

/** The step a client is on now: 'learn' while no journey row exists. */
async function currentStepOf(db: Database | Transaction, client: JourneyClient) {
  const [row] = await db
    .select({ currentStep: journeys.currentStep })
    .from(journeys)
    .where(
      and(
        eq(journeys.organisationId, client.organisationId),
        eq(journeys.clientPersonId, client.id),
      ),
    )
    .limit(1);
  return row?.currentStep ?? 'learn';
}

/**
 * A journey in one statement, prepared once per handle (it is a tenth of a coach's profile
 * calls): one row per stored step, each with the journey row's current step, and one row with no
 * step when none is stored (the one-row source keeps the current step).
 */
const journeyStatementOf = preparedPerHandle((db: Database | Transaction) =>
  db
    .select({ currentStep: journeys.currentStep, step: stepRows })
    .from(sql`(select 1) as one`)
    .leftJoin(journeys, ofClientPlaceholders(journeys))
    .leftJoin(stepRows, ofClientPlaceholders(stepRows))
    .prepare('journey_of_client'),
);

/**
 * A client's journey as the API answers it. Reading creates nothing: a client without a journey
 * row is on learn since their acceptance.
 */
export async function readJourney(
  db: Database | Transaction,
  client: JourneyClient,
  now: Date,
): Promise<Journey> {
  const rows = await journeyStatementOf(db).execute({
    organisationId: client.organisationId,
    clientId: client.id,
  });
  const currentStep = rows[0]?.currentStep ?? 'learn';
  const byStep = new Map(
    rows.flatMap(({ step }) => (step ? [[step.step, toEntry(step)] as const] : [])),
  );
  if (!byStep.has('learn')) {
    byStep.set('learn', implicitLearn(client, currentStep === 'learn' ? 'active' : 'completed'));
  }
  const steps = journeyStepNames.flatMap((step) => {
    const entry = byStep.get(step);
    return entry ? [entry] : [];
  });
  const startDate = byStep.get(currentStep)?.startDate ?? learnStartDate(client);
  return {
    clientId: client.id,
    currentStep,
    startDate,
    currentDay: currentStepDay(startDate, now, client.timezone),
    timezone: client.timezone,
    steps,
    ...nextPhaseOf(currentStep),
  };
}

/** Who changes the phase, for the history and the audit log. */
export type PhaseChangeActor = {
  coachPersonId: string;
  userId: string;
  ip?: string;
  requestId?: string;
};

/**
 * Starts the client's next phase in ONE transaction: the client's person row is locked first,
 * so two concurrent changes are serialised and the second sees the first's step (and is refused
 * as not the next phase). Upserts the journey row, marks the current step completed (stores the
 * implicit learn row when it was never stored), inserts the new step active with who and when,
 * and appends the audit row 'phase_changed'. A change the rule refuses throws its catalogue
 * code ('no_phase_planned', 'not_next_phase', 'invalid_phase') with the rule's message.
 *
 * In the same transaction the calendar follows (requirements R9.9): the old step's still-active events
 * from the new start date on are deleted (completed ones stay), the new step is materialised for
 * its first 7 days (the preferred step length), and the phase totals of both steps are
 * recomputed (the change day moves to the new step).
 */
export async function changePhase(
  tx: Transaction,
  client: JourneyClient,
  actor: PhaseChangeActor,
  request: PhaseChangeRequest,
  now: Date,
): Promise<Journey> {
  await lockClient(tx, client);
  const currentStep = await currentStepOf(tx, client);
  const planned = planPhaseChange({
    currentStep,
    request,
    coachPersonId: actor.coachPersonId,
    clientTimeZone: client.timezone,
    now,
  });
  if (!planned.ok) {
    throw new DomainError(phaseChangeErrorCodes[planned.error.code], planned.error.message);
  }
  const { change } = planned;
  await storeChange(tx, client, change, now);
  const starts = await readStepStarts(tx, client);
  await replanCalendar(
    tx,
    client,
    starts,
    change.startDate,
    localDateOf(now, client.timezone),
    preferredStepLengthDays,
  );
  await recomputePhaseTotals(tx, client, starts, change.previousStep, now);
  await recomputePhaseTotals(tx, client, starts, change.step, now);
  await recordAudit(tx, {
    organisationId: client.organisationId,
    action: 'phase_changed',
    actorUserId: actor.userId,
    subject: client.id,
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
    details: { from: change.previousStep, to: change.step },
  });
  return readJourney(tx, client, now);
}

async function storeChange(
  tx: Transaction,
  client: JourneyClient,
  change: PlannedPhaseChange,
  now: Date,
) {
  const owner = { organisationId: client.organisationId, clientPersonId: client.id };
  await tx
    .insert(journeys)
    .values({ ...owner, currentStep: change.step, startedAt: client.createdAt, updatedAt: now })
    .onConflictDoUpdate({
      target: journeys.clientPersonId,
      set: { currentStep: change.step, updatedAt: now },
    });
  const previous: Partial<typeof stepRows.$inferInsert> =
    change.previousStep === 'learn'
      ? { startDate: learnStartDate(client), startedAt: client.createdAt }
      : {};
  await tx
    .insert(stepRows)
    .values({
      ...owner,
      ...previous,
      step: change.previousStep,
      status: 'completed',
      completedAt: now,
    })
    .onConflictDoUpdate({
      target: [stepRows.clientPersonId, stepRows.step],
      set: { status: 'completed', completedAt: now },
    });
  const started = {
    status: 'active' as const,
    startDate: change.startDate,
    goals: change.goals,
    bpm: change.bpm,
    goalChoices: change.goalChoices,
    startedByPersonId: change.startedByPersonId,
    startedAt: change.startedAt,
    completedAt: null,
  };
  await tx
    .insert(stepRows)
    .values({ ...owner, step: change.step, ...started })
    .onConflictDoUpdate({ target: [stepRows.clientPersonId, stepRows.step], set: started });
}
