// The clients list's kept rows: `client_list_entries`, one JSON text of facts per client, rebuilt
// by database triggers in the transaction of every write to the tables it comes from (migration
// 0011, `client_list_refresh`). A coach's list reads one index range of them, whatever the history
// behind; the rules (which step's figures show, the stored low days, engagement) run in
// ./figures.ts, as for rows read from the sources.

import { indicatorPhaseOf, isOneOf, type JourneyStep, journeyStepNames } from '@coach/domain';
import { sql } from 'drizzle-orm';
import { type Database, schema } from '../../db/index.ts';
import type { StoredLowDays } from '../clientRecords/lowDayRuns.ts';
import type { ClientRow, SessionPair } from './store.ts';

const { clientListEntries } = schema;

/** A journey step's facts in an entry. */
type StepFacts = { startDate: string | null; status: string };

/** A `client_phase_totals` row's facts in an entry. */
type TotalsFacts = {
  productivitySum: number;
  productivityDays: number;
  mentalSum: number;
  mentalDays: number;
  physicalSum: number;
  physicalDays: number;
  reflectionsCompleted: number;
  exercisesCompleted: number;
  assessmentsCompleted: number;
  lowDays: StoredLowDays;
};

/** An entry as the trigger function writes it (see migration 0011). */
type ClientListEntry = {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  timezone: string;
  gender: string | null;
  birthDate: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  email: string;
  hasPicture: boolean;
  currentStep: string | null;
  /** By step name; null before any step row. */
  steps: Record<string, StepFacts> | null;
  /** By step name; null before any totals row. */
  totals: Record<string, TotalsFacts> | null;
  /** The newest session's start (epoch ms); null: no session. */
  newestSessionStart: number | null;
  /**
   * The sessions started within 72 h of the newest one, and the latest that ended 48 h or more
   * before it: every one engagement needs at an instant on or after the newest start.
   */
  sessions: SessionPair[];
};

/** A row read from an entry, with what tells whether it serves an instant. */
export type KeptClientRow = ClientRow & { newestSessionStart: number | null };

/** The steps whose start and status `journeyOf` reads: learn's counts once started. */
const startedStatuses = new Set(['active', 'completed']);

/** A client's row of the list from their entry: the facts of the steps the rules pick. */
function rowOfEntry(entry: ClientListEntry): KeptClientRow {
  const { steps, totals } = entry;
  const currentStep: JourneyStep | null = isOneOf(journeyStepNames, entry.currentStep)
    ? entry.currentStep
    : null;
  const step = currentStep ?? 'learn';
  const current = totals?.[step];
  // In grow, the indicators shown are sense's (the rule `indicatorPhaseOf`).
  const indicatorStep = indicatorPhaseOf(step);
  const previous = indicatorStep === step ? undefined : totals?.[indicatorStep];
  const learn = steps?.learn;
  return {
    id: entry.id,
    userId: entry.userId,
    firstName: entry.firstName,
    lastName: entry.lastName,
    aboutMe: null,
    timezone: entry.timezone,
    gender: entry.gender,
    birthDate: entry.birthDate,
    createdAt: new Date(entry.createdAt),
    email: entry.email,
    hasPicture: entry.hasPicture,
    currentStep,
    stepStartDate: steps?.[step]?.startDate ?? null,
    learnStartDate: learn && startedStatuses.has(learn.status) ? learn.startDate : null,
    productivitySum: current?.productivitySum ?? null,
    productivityDays: current?.productivityDays ?? null,
    mentalSum: current?.mentalSum ?? null,
    mentalDays: current?.mentalDays ?? null,
    physicalSum: current?.physicalSum ?? null,
    physicalDays: current?.physicalDays ?? null,
    reflectionsCompleted: current?.reflectionsCompleted ?? null,
    exercisesCompleted: current?.exercisesCompleted ?? null,
    assessmentsCompleted: current?.assessmentsCompleted ?? null,
    previousSums: previous
      ? {
          productivitySum: previous.productivitySum,
          productivityDays: previous.productivityDays,
          mentalSum: previous.mentalSum,
          mentalDays: previous.mentalDays,
          physicalSum: previous.physicalSum,
          physicalDays: previous.physicalDays,
        }
      : null,
    storedLowDays: current?.lowDays ?? null,
    recentDaily: null,
    sessions: entry.sessions,
    newestSessionStart: entry.newestSessionStart,
  };
}

const preparedStatements = new WeakMap<Database, ReturnType<typeof entriesQuery>>();

/** A coach's entries as one JSON array text, by last name, first name, id (the index's order). */
function entriesQuery(db: Database) {
  return db
    .select({
      entries: sql<string>`'[' || coalesce(string_agg(${clientListEntries.entry}, ','
        order by ${clientListEntries.lastName}, ${clientListEntries.firstName},
          ${clientListEntries.clientPersonId}), '') || ']'`,
    })
    .from(clientListEntries)
    .where(
      sql`${clientListEntries.organisationId} = ${sql.placeholder('organisationId')}::uuid
        and ${clientListEntries.coachPersonId} = ${sql.placeholder('coachPersonId')}::uuid`,
    )
    .prepare('analytics_client_entries_by_coach');
}

/**
 * The kept rows of a coach's clients, in the list's order (last name, first name, id): one range
 * of client_list_entries_coach_idx, the texts joined by PostgreSQL and parsed once here.
 */
export async function selectKeptClientRows(
  db: Database,
  organisationId: string,
  coachPersonId: string,
): Promise<KeptClientRow[]> {
  let statement = preparedStatements.get(db);
  if (!statement) {
    statement = entriesQuery(db);
    preparedStatements.set(db, statement);
  }
  const [answer] = await statement.execute({ organisationId, coachPersonId });
  const entries = JSON.parse(answer?.entries ?? '[]') as ClientListEntry[];
  return entries.map(rowOfEntry);
}
