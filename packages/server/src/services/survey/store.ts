import type {
  Assessment,
  AssessmentList,
  Reflection,
  ReflectionList,
  SubmitAssessmentBody,
  SubmitReflectionBody,
} from '@coach/api';
import { type DateRange, messages, type StepStart } from '@coach/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Database,
  inClientRangePlaceholders,
  preparedPerHandle,
  schema,
  type Transaction,
} from '../../db/index.ts';
import { DomainError } from '../../domainError.ts';
import type { StoredWrite } from '../clientRecords/index.ts';
import {
  beforeJourney,
  type ClientRef,
  checkTimestamp,
  completeScheduledEvent,
  ensureCalendar,
  lockClient,
  placeInCalendar,
  placeInJourney,
  readStepStarts,
} from '../clientRecords/index.ts';
import { newestFirst, scheduledAssessmentName, scheduledInRange } from './rules.ts';

const { calendarEvents, surveys } = schema;

type SurveyRow = typeof surveys.$inferSelect;

function noteOf(answers: unknown): string {
  if (typeof answers !== 'object' || answers === null || !('note' in answers)) return '';
  return typeof answers.note === 'string' ? answers.note : '';
}

/** A stored reflection as the API answers it. */
function toReflection(row: SurveyRow): Reflection {
  return {
    id: row.clientSurveyId ?? row.id,
    type: row.type === 'morningReflection' ? 'morningReflection' : 'reflection',
    step: row.step,
    window: row.window ?? '',
    localDate: row.localDate,
    answeredAt: (row.submittedAt ?? row.createdAt).toISOString(),
    productivity: row.productivity ?? 0,
    mental: row.mental ?? 0,
    physical: row.physical ?? 0,
    note: noteOf(row.answers),
  };
}

/** A stored assessment as the API answers it. */
function toAssessment(row: SurveyRow): Assessment {
  return {
    id: row.clientSurveyId ?? row.id,
    calendarEventId: row.calendarEventId,
    name: row.name,
    step: row.step,
    date: row.localDate,
    status: row.status ?? 'incomplete',
    answeredAt: row.submittedAt?.toISOString() ?? null,
  };
}

const ownedBy = (client: ClientRef) =>
  and(eq(surveys.organisationId, client.organisationId), eq(surveys.clientPersonId, client.id));

async function findSurvey(tx: Transaction, client: ClientRef, clientSurveyId: string) {
  const [row] = await tx
    .select()
    .from(surveys)
    .where(and(ownedBy(client), eq(surveys.clientSurveyId, clientSurveyId)))
    .limit(1);
  return row;
}

const noReflectionWindow = () => new DomainError('outside_window', messages.noReflectionWindow);

const idOfOtherKind = (kind: string) =>
  new DomainError('id_conflict', `That id is already used by ${kind}`);

/**
 * Stores a client's reflection (requirements R9.9). Its time, in the client's timezone, must fall in
 * a reflection window [start, end) of its local date, as the calendar stores it (grow has none):
 * the morning window takes a morningReflection, the others a reflection, and a window is answered
 * once. The window's event is completed (at the answer's time), the answers fold into the day's
 * `client_daily` row and the step's phase totals are recomputed, in the caller's transaction.
 * The same id again answers the stored reflection (not new), changing nothing.
 */
export async function submitReflection(
  tx: Transaction,
  client: ClientRef,
  body: SubmitReflectionBody,
  now: Date,
): Promise<StoredWrite<Reflection>> {
  await lockClient(tx, client);
  const existing = await findSurvey(tx, client, body.id);
  if (existing) {
    if (existing.type === 'assessment') throw idOfOtherKind('an assessment');
    return { value: toReflection(existing), isNew: false };
  }
  const answeredAt = new Date(body.answeredAt);
  checkTimestamp('answeredAt', answeredAt, now);
  const { localDate, starts, step } = await placeInCalendar(
    tx,
    client,
    answeredAt,
    now,
    noReflectionWindow,
  );
  const windows = await tx
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.clientPersonId, client.id),
        eq(calendarEvents.localDate, localDate),
        inArray(calendarEvents.surveyType, ['reflection', 'morningReflection']),
      ),
    );
  const window = windows.find((event) => event.startsAt <= answeredAt && answeredAt < event.endsAt);
  if (!window) throw noReflectionWindow();
  if (window.surveyType !== body.type) {
    throw new DomainError(
      'wrong_survey_type',
      `The ${window.kind} window takes a ${window.surveyType ?? 'reflection'}, not a ${body.type}`,
    );
  }
  if (window.status === 'completed') {
    throw new DomainError('window_completed', messages.reflectionWindowCompleted);
  }
  const { productivity, mental, physical } = body.answers;
  const [row] = await tx
    .insert(surveys)
    .values({
      organisationId: client.organisationId,
      clientPersonId: client.id,
      clientSurveyId: body.id,
      type: body.type,
      step: step.step,
      window: window.kind,
      calendarEventId: window.id,
      answers: body.answers,
      productivity,
      mental,
      physical,
      localDate,
      submittedAt: answeredAt,
    })
    .returning();
  if (!row) throw new Error('the reflection insert returned nothing');
  await completeScheduledEvent(
    tx,
    client,
    starts,
    {
      eventId: window.id,
      completedAt: answeredAt,
      step: step.step,
      localDate,
      completion: { kind: 'reflection', answers: { productivity, mental, physical } },
    },
    now,
  );
  return { value: toReflection(row), isNew: true };
}

/**
 * Completes the step's scheduled assessment with `row` when it is still open at `answeredAt`:
 * the event is completed, linked from the assessment, counted on the answer's day and in the
 * step's totals. Returns the row as stored after it.
 */
async function completeScheduledAssessment(
  tx: Transaction,
  client: ClientRef,
  starts: readonly StepStart[],
  step: StepStart,
  row: SurveyRow,
  answeredAt: Date,
  now: Date,
): Promise<SurveyRow> {
  const findEvent = () =>
    tx
      .select()
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.clientPersonId, client.id),
          eq(calendarEvents.localDate, step.startDate),
          eq(calendarEvents.entityType, 'survey'),
          eq(calendarEvents.kind, 'assessment'),
          eq(calendarEvents.slot, 0),
        ),
      )
      .limit(1);
  let [event] = await findEvent();
  if (!event) {
    // The date may not be materialised yet (dates are materialised whole: with any event there,
    // materialising would store nothing).
    await ensureCalendar(tx, client, step.startDate, step.startDate, now, starts);
    [event] = await findEvent();
  }
  const isOpen =
    event !== undefined &&
    event.status === 'active' &&
    event.startsAt <= answeredAt &&
    answeredAt < event.endsAt;
  if (!event || !isOpen) return row;
  const [linked] = await tx
    .update(surveys)
    .set({ calendarEventId: event.id })
    .where(eq(surveys.id, row.id))
    .returning();
  await completeScheduledEvent(
    tx,
    client,
    starts,
    {
      eventId: event.id,
      completedAt: answeredAt,
      step: step.step,
      localDate: row.localDate,
      completion: { kind: 'assessment' },
    },
    now,
  );
  return linked ?? row;
}

/**
 * Stores a client's assessment, or moves one in progress on (same id: status, answers, name and
 * time are replaced; its date and step follow the new time). A complete one is final: the same
 * id again answers it unchanged when the body is complete too (a retry), 'assessment_final'
 * otherwise. When it
 * becomes complete while its step's scheduled assessment is open, that one is completed by it.
 */
export async function submitAssessment(
  tx: Transaction,
  client: ClientRef,
  body: SubmitAssessmentBody,
  now: Date,
): Promise<StoredWrite<Assessment>> {
  await lockClient(tx, client);
  const existing = await findSurvey(tx, client, body.id);
  if (existing && existing.type !== 'assessment') throw idOfOtherKind('a reflection');
  if (existing?.status === 'complete') {
    if (body.status === 'complete') return { value: toAssessment(existing), isNew: false };
    throw new DomainError('assessment_final', messages.assessmentFinal);
  }
  const answeredAt = new Date(body.answeredAt);
  checkTimestamp('answeredAt', answeredAt, now);
  const { localDate, starts, step } = await placeInJourney(
    tx,
    client,
    answeredAt,
    beforeJourney('answeredAt'),
  );
  const values = {
    name: body.name,
    status: body.status,
    answers: body.answers,
    step: step.step,
    localDate,
    submittedAt: answeredAt,
  };
  const [row] = existing
    ? await tx.update(surveys).set(values).where(eq(surveys.id, existing.id)).returning()
    : await tx
        .insert(surveys)
        .values({
          organisationId: client.organisationId,
          clientPersonId: client.id,
          clientSurveyId: body.id,
          type: 'assessment',
          ...values,
        })
        .returning();
  if (!row) throw new Error('the assessment write returned nothing');
  const stored =
    body.status === 'complete'
      ? await completeScheduledAssessment(tx, client, starts, step, row, answeredAt, now)
      : row;
  return { value: toAssessment(stored), isNew: !existing, isUpdate: existing !== undefined };
}

/** A client's surveys of a range of local dates. */
const surveysInRange = inClientRangePlaceholders(surveys);

/**
 * The profile's survey lists, prepared once per handle: the reflections and the assessments of
 * a range are two of a coach's profile calls. The scheduled assessments' events come with
 * whether a submitted assessment (of any date) completed each, in the same statement.
 */
const listStatementsOf = preparedPerHandle((db: Database | Transaction) => ({
  reflections: db
    .select()
    .from(surveys)
    .where(and(surveysInRange, inArray(surveys.type, ['reflection', 'morningReflection'])))
    .orderBy(desc(surveys.submittedAt), desc(surveys.id))
    .prepare('survey_reflections_in_range'),
  assessments: db
    .select()
    .from(surveys)
    .where(and(surveysInRange, eq(surveys.type, 'assessment')))
    .prepare('survey_assessments_in_range'),
  scheduledEvents: db
    .select({
      id: calendarEvents.id,
      localDate: calendarEvents.localDate,
      // Written out: in a one-table select drizzle leaves column names unqualified.
      isLinked: sql<boolean>`exists (select from surveys linked
        where linked.client_person_id = calendar_events.client_person_id
          and linked.calendar_event_id = calendar_events.id)`,
    })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.clientPersonId, sql.placeholder('clientId')),
        eq(calendarEvents.kind, 'assessment'),
        sql`${calendarEvents.localDate} = any(${sql.placeholder('dates')}::date[])`,
      ),
    )
    .prepare('survey_scheduled_assessment_events'),
}));

/** The values of a range statement: the client and the range. */
function rangeValues(client: ClientRef, range: DateRange) {
  return {
    organisationId: client.organisationId,
    clientId: client.id,
    from: range.from,
    to: range.to,
  };
}

/** The client's reflections of the range, newest first. */
export async function listReflections(
  db: Database | Transaction,
  client: ClientRef,
  range: DateRange,
): Promise<ReflectionList> {
  const rows = await listStatementsOf(db).reflections.execute(rangeValues(client, range));
  return { clientId: client.id, reflections: rows.map(toReflection) };
}

/**
 * The client's assessments of the range, newest first: the submitted ones, and the scheduled
 * assessment of each started step whose start date is in the range when no submitted one
 * completed it, shown as never started (id null, '<Step> assessment', incomplete).
 */
export async function listAssessments(
  db: Database | Transaction,
  client: ClientRef,
  range: DateRange,
  now: Date,
): Promise<AssessmentList> {
  const statements = listStatementsOf(db);
  const rows = await statements.assessments.execute(rangeValues(client, range));
  const submitted = rows.map(toAssessment);
  const starts = await readStepStarts(db, client);
  const scheduled = scheduledInRange(client, starts, range, now);
  const events =
    scheduled.length === 0
      ? []
      : await statements.scheduledEvents.execute({
          clientId: client.id,
          dates: scheduled.map((start) => start.startDate),
        });
  const placeholders = scheduled.flatMap((start): Assessment[] => {
    const event = events.find((item) => item.localDate === start.startDate);
    if (event?.isLinked) return [];
    return [
      {
        id: null,
        calendarEventId: event?.id ?? null,
        name: scheduledAssessmentName(start.step),
        step: start.step,
        date: start.startDate,
        status: 'incomplete',
        answeredAt: null,
      },
    ];
  });
  return { clientId: client.id, assessments: [...submitted, ...placeholders].sort(newestFirst) };
}
