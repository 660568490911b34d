import {
  type JourneyStep,
  journeyStepNames,
  localDateOf,
  type StepStart,
  startedStepStatusNames,
} from '@coach/domain';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  type Database,
  ofClientPlaceholders,
  preparedPerHandle,
  schema,
  type Transaction,
} from '../../db/index.ts';

const { journeySteps: stepRows, persons } = schema;

/**
 * The client a write or read of their journey data concerns: what it needs of their profile.
 * A `PersonRecord` fits.
 */
export type ClientRef = {
  id: string;
  organisationId: string;
  timezone: string;
  createdAt: Date;
};

/**
 * The date learn started: a client is on learn from their acceptance (the person row's
 * creation), counted in their own timezone. Nothing is stored for it until the first phase change.
 * `dateOf` is {@link localDateOf} or a cached form of it.
 */
export function learnStartDate(
  client: Pick<ClientRef, 'createdAt' | 'timezone'>,
  dateOf: (instant: Date, timeZone: string) => string = localDateOf,
): string {
  return dateOf(client.createdAt, client.timezone);
}

/**
 * The started steps' rows, prepared once per handle: the series, the assessments' list and every
 * client write read them.
 */
const stepStartsStatementOf = preparedPerHandle((db: Database | Transaction) =>
  db
    .select({ step: stepRows.step, startDate: stepRows.startDate })
    .from(stepRows)
    .where(
      and(
        ofClientPlaceholders(stepRows),
        inArray(stepRows.status, startedStepStatusNames),
        isNotNull(stepRows.startDate),
      ),
    )
    .prepare('client_step_starts'),
);

/**
 * The started steps of a client, in journey order (the order `stepOfDate` expects: start dates
 * never go back, and a later step wins a tie): learn (from the acceptance, or its stored
 * row once a phase change wrote it) and every stored step that is active or completed.
 */
export async function readStepStarts(
  db: Database | Transaction,
  client: ClientRef,
): Promise<StepStart[]> {
  const rows = await stepStartsStatementOf(db).execute({
    organisationId: client.organisationId,
    clientId: client.id,
  });
  const byStep = new Map<JourneyStep, string>([['learn', learnStartDate(client)]]);
  for (const row of rows) {
    if (row.startDate !== null) byStep.set(row.step, row.startDate);
  }
  return journeyStepNames.flatMap((step) => {
    const startDate = byStep.get(step);
    return startDate === undefined ? [] : [{ step, startDate }];
  });
}

/**
 * The local dates of a started step: from its start date up to (excluding) the start date of
 * the next started step, open-ended (`until` null) for the current step; null when not started.
 * A step followed by one started the same day owns no date (`until` equals `from`).
 */
export function datesOfStep(
  starts: readonly StepStart[],
  step: JourneyStep,
): { from: string; until: string | null } | null {
  const index = starts.findIndex((start) => start.step === step);
  const start = starts[index];
  if (start === undefined) return null;
  return { from: start.startDate, until: starts[index + 1]?.startDate ?? null };
}

/**
 * Locks the client's person row until the transaction ends, so the writes of one client run one
 * after the other (the journey's phase change takes the same lock).
 */
export async function lockClient(tx: Transaction, client: ClientRef): Promise<void> {
  await tx.select({ id: persons.id }).from(persons).where(eq(persons.id, client.id)).for('update');
}

/**
 * Shares the client's person row lock: readers that materialise calendar rows wait for a phase
 * change in progress, so they never store the old step's plan after it was replaced.
 */
export async function shareLockClient(tx: Transaction, client: ClientRef): Promise<void> {
  await tx.select({ id: persons.id }).from(persons).where(eq(persons.id, client.id)).for('share');
}
