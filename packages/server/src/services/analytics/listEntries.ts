// The clients list's kept rows: `client_list_entries`, one row per client, rebuilt by database
// triggers in the transaction of every write to the tables it comes from (all defined in
// src/db/clientList.sql). A coach's list reads one index range of them, whatever the history
// behind, as `ClientListRow`s; the rules (which step's figures show, the stored low days,
// engagement) run in ./figures.ts, as for rows read from the sources.

import type { AttentionFigures } from '@coach/api';
import {
  indicatorPhaseOf,
  isOneOf,
  type JourneyStep,
  journeyStepNames,
  startedStepStatusNames,
} from '@coach/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, preparedPerHandle, schema } from '../../db/index.ts';
import type { StoredLowDays } from '../clientRecords/index.ts';
import { keptFiguresOf, keptFiguresText } from './episodes/store.ts';
import type { ClientRow, KeptReview, OpenFollowUp, SessionPair } from './store.ts';

const { clientListEntries } = schema;

/** A journey step's row in an entry: step, start date, status. */
type StepFacts = [step: string, startDate: string | null, status: string];

/** A `client_phase_totals` row in an entry, its columns in this order. */
type TotalsFacts = [
  step: string,
  productivitySum: number,
  productivityDays: number,
  mentalSum: number,
  mentalDays: number,
  physicalSum: number,
  physicalDays: number,
  reflectionsCompleted: number,
  exercisesCompleted: number,
  assessmentsCompleted: number,
  lowDaysJudgedFrom: string | null,
  lowDaysThrough: string | null,
  productivityLowDays: number,
  productivityLowFrom: string | null,
  mentalLowDays: number,
  mentalLowFrom: string | null,
  physicalLowDays: number,
  physicalLowFrom: string | null,
];

/**
 * A client's facts as `client_list_refresh` writes them (src/db/clientList.sql): a JSON array read
 * by position, which parses in a third of the time of keyed objects.
 */
type ClientFacts = [
  id: string,
  userId: string,
  firstName: string,
  lastName: string,
  timezone: string,
  gender: string | null,
  birthDate: string | null,
  /** Epoch milliseconds. */
  createdAt: number,
  email: string,
  hasPicture: boolean,
  currentStep: string | null,
  steps: StepFacts[],
  totals: TotalsFacts[],
];

/** A client's kept sessions, changed alone by every write to `usage_sessions`. */
type KeptSessions = [
  /** The newest session's start (epoch ms); null: no session. */
  newestSessionStart: number | null,
  /**
   * The sessions merged into periods of use (sorted, disjoint): those ending later than 48 h
   * before the newest start, and the latest-ending one. Engagement merges sessions the same way,
   * so at an instant on or after the newest start they give the figures the sessions give.
   */
  sessions: SessionPair[],
];

/** A row of `client_list_entries` as the list reads it (src/db/clientList.sql writes it). */
type ClientListRow = {
  facts: ClientFacts;
  sessions: KeptSessions;
  unreadMessages: number;
  followUp: OpenFollowUp | null;
  review: KeptReview | null;
};

/** Each field of a {@link ClientListRow} and the column that holds it, as JSON text. */
const rowColumns: Record<keyof ClientListRow, SQL> = {
  facts: sql`${clientListEntries.entry}`,
  sessions: sql`${clientListEntries.sessions}`,
  unreadMessages: sql`${clientListEntries.unreadMessages}`,
  followUp: sql`coalesce(${clientListEntries.followUp}, 'null')`,
  review: sql`coalesce(${clientListEntries.review}, 'null')`,
};

/** A row as one JSON object's text, put together by PostgreSQL from its columns' texts. */
const rowJson = sql`${sql.join(
  Object.entries(rowColumns).map(
    ([field, column], index) =>
      sql`${sql.raw(`'${index === 0 ? '{' : ','}"${field}":'`)} || ${column}`,
  ),
  sql` || `,
)} || '}'`;

/** A row read from an entry, with what tells whether it serves an instant. */
export type KeptClientRow = ClientRow & { newestSessionStart: number | null };

/** A phase's indicator sums from its totals row. */
function sumsOf(totals: TotalsFacts) {
  const [, productivitySum, productivityDays, mentalSum, mentalDays, physicalSum, physicalDays] =
    totals;
  return { productivitySum, productivityDays, mentalSum, mentalDays, physicalSum, physicalDays };
}

/** The stored low days of a totals row. */
function lowDaysOf(totals: TotalsFacts): StoredLowDays {
  const [, , , , , , , , , , judgedFrom, through, pDays, pFrom, mDays, mFrom, phDays, phFrom] =
    totals;
  return {
    judgedFrom,
    through,
    productivity: { days: pDays, from: pFrom },
    mental: { days: mDays, from: mFrom },
    physical: { days: phDays, from: phFrom },
  };
}

/** A client's row of the list from their entry: the facts of the steps the rules pick. */
function rowOfEntry({
  facts,
  sessions: [newestSessionStart, sessions],
  unreadMessages,
  followUp,
  review,
}: ClientListRow): KeptClientRow {
  const [
    id,
    userId,
    firstName,
    lastName,
    timezone,
    gender,
    birthDate,
    createdAt,
    email,
    hasPicture,
    storedStep,
    steps,
    totals,
  ] = facts;
  const currentStep: JourneyStep | null = isOneOf(journeyStepNames, storedStep) ? storedStep : null;
  const step = currentStep ?? 'learn';
  const current = totals.find((row) => row[0] === step);
  // In grow, the indicators shown are sense's (the rule `indicatorPhaseOf`).
  const indicatorStep = indicatorPhaseOf(step);
  const previous =
    indicatorStep === step ? undefined : totals.find((row) => row[0] === indicatorStep);
  const learn = steps.find((row) => row[0] === 'learn');
  const sums = current ? sumsOf(current) : null;
  return {
    id,
    userId,
    firstName,
    lastName,
    aboutMe: null,
    timezone,
    gender,
    birthDate,
    createdAt: new Date(createdAt),
    email,
    hasPicture,
    currentStep,
    stepStartDate: steps.find((row) => row[0] === step)?.[1] ?? null,
    learnStartDate: learn && isOneOf(startedStepStatusNames, learn[2]) ? learn[1] : null,
    productivitySum: sums?.productivitySum ?? null,
    productivityDays: sums?.productivityDays ?? null,
    mentalSum: sums?.mentalSum ?? null,
    mentalDays: sums?.mentalDays ?? null,
    physicalSum: sums?.physicalSum ?? null,
    physicalDays: sums?.physicalDays ?? null,
    reflectionsCompleted: current?.[7] ?? null,
    exercisesCompleted: current?.[8] ?? null,
    assessmentsCompleted: current?.[9] ?? null,
    previousSums: previous ? sumsOf(previous) : null,
    storedLowDays: current ? lowDaysOf(current) : null,
    recentDaily: null,
    sessions,
    unreadMessages,
    followUp,
    review,
    newestSessionStart,
  };
}

/** The range of a coach's entries (client_list_entries_coach_idx). */
const ofCoach = sql`${clientListEntries.organisationId} = ${sql.placeholder('organisationId')}::uuid
  and ${clientListEntries.coachPersonId} = ${sql.placeholder('coachPersonId')}::uuid`;

/** The versions of a coach's entries in the list's order, comma-separated ('' for none). */
const versionsText = sql<string>`coalesce(string_agg(${clientListEntries.version}::text, ','
  order by ${clientListEntries.lastName}, ${clientListEntries.firstName},
    ${clientListEntries.clientPersonId}), '')`;

/**
 * A coach's entries as one JSON array text, by last name, first name, id (the index's order), with
 * their versions read in the same statement (so from the same rows).
 */
function entriesQuery(db: Database) {
  return db
    .select({
      entries: sql<string>`'[' || coalesce(string_agg(${rowJson}, ','
        order by ${clientListEntries.lastName}, ${clientListEntries.firstName},
          ${clientListEntries.clientPersonId}), '') || ']'`,
      versions: versionsText,
      figures: keptFiguresText,
    })
    .from(clientListEntries)
    .where(ofCoach)
    .prepare('analytics_client_entries_by_coach');
}

const entriesOf = preparedPerHandle(entriesQuery);

const versionsOf = preparedPerHandle((db: Database) =>
  db
    .select({ versions: versionsText, figures: keptFiguresText })
    .from(clientListEntries)
    .where(ofCoach)
    .prepare('analytics_client_entry_versions_by_coach'),
);

/**
 * The kept rows of a coach's clients, in the list's order (last name, first name, id): one range
 * of client_list_entries_coach_idx, the texts joined by PostgreSQL and parsed once here; with the
 * rows' versions (see {@link selectListVersions}).
 */
export async function selectKeptClientRows(
  db: Database,
  organisationId: string,
  coachPersonId: string,
): Promise<{ rows: KeptClientRow[]; versions: string; attentionFigures: AttentionFigures }> {
  const [answer] = await entriesOf(db).execute({ organisationId, coachPersonId });
  const entries = JSON.parse(answer?.entries ?? '[]') as ClientListRow[];
  return {
    rows: entries.map(rowOfEntry),
    versions: listVersionsOf(answer),
    attentionFigures: keptFiguresOf(answer?.figures ?? null),
  };
}

/** The rows' versions and the kept figures' text: what a kept answer was made from. */
const listVersionsOf = (answer: { versions: string; figures: string | null } | undefined) =>
  `${answer?.versions ?? ''}|${answer?.figures ?? ''}`;

/**
 * The versions of a coach's kept rows, in the list's order, and the coach's kept attention figures:
 * the same text as long as no write has touched anything their list shows (every such write gives
 * the client's row a new version), no client came, went or moved, and no sweep
 * kept the figures again (listAnswers.ts).
 */
export async function selectListVersions(
  db: Database,
  organisationId: string,
  coachPersonId: string,
): Promise<string> {
  const [answer] = await versionsOf(db).execute({ organisationId, coachPersonId });
  return listVersionsOf(answer);
}
