import type { Report, ReportList } from '@coach/api';
import { encodePageCursor, type JourneyStep, type PageKey } from '@coach/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  afterCursorPlaceholders,
  type Database,
  ofClientPlaceholders,
  preparedPerHandle,
  schema,
  type Transaction,
} from '../../../db/index.ts';

const { clientReports } = schema;

/** Whose reports: the organisation, the client and the coach who wrote them. */
type ReportOwner = { organisationId: string; clientId: string; coachId: string };

/** A report to store: its PDF and what the list shows of it. */
export type NewReport = {
  authorName: string;
  period: { from: string; to: string };
  phase: JourneyStep;
  phaseDay: number;
  bytes: Uint8Array;
};

const metadataColumns = {
  id: clientReports.id,
  clientId: clientReports.clientPersonId,
  coachId: clientReports.coachPersonId,
  authorName: clientReports.authorName,
  periodFrom: clientReports.periodFrom,
  periodTo: clientReports.periodTo,
  step: clientReports.step,
  stepDay: clientReports.stepDay,
  byteSize: clientReports.byteSize,
  createdAt: clientReports.createdAt,
};

type MetadataRow = {
  id: string;
  clientId: string;
  coachId: string;
  authorName: string;
  periodFrom: string;
  periodTo: string;
  step: JourneyStep;
  stepDay: number;
  byteSize: number;
  createdAt: Date;
};

function toReport(row: MetadataRow): Report {
  return {
    id: row.id,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
    author: { id: row.coachId, name: row.authorName },
    period: { from: row.periodFrom, to: row.periodTo },
    phase: row.step,
    phaseDay: row.stepDay,
    sizeBytes: row.byteSize,
  };
}

const ownedBy = (owner: ReportOwner) =>
  and(
    eq(clientReports.organisationId, owner.organisationId),
    eq(clientReports.clientPersonId, owner.clientId),
    eq(clientReports.coachPersonId, owner.coachId),
  );

/** Stores a report and answers what the list shows of it. */
export async function insertReport(
  tx: Transaction,
  owner: ReportOwner,
  report: NewReport,
): Promise<Report> {
  const [row] = await tx
    .insert(clientReports)
    .values({
      organisationId: owner.organisationId,
      clientPersonId: owner.clientId,
      coachPersonId: owner.coachId,
      authorName: report.authorName,
      periodFrom: report.period.from,
      periodTo: report.period.to,
      step: report.phase,
      stepDay: report.phaseDay,
      bytes: report.bytes,
      byteSize: report.bytes.byteLength,
    })
    .returning(metadataColumns);
  if (!row) throw new Error('report insert returned nothing');
  return toReport(row);
}

/** An instant as UTC text with microseconds: the list's page key (see PageKey). */
const createdKey = sql<string>`to_char(${clientReports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The list's two forms (the first page, a page after a cursor), prepared once per database: the
 * first page is one of a coach's profile calls.
 */
const listStatementsOf = preparedPerHandle((db: Database) => {
  const page = (isAfterCursor: boolean) =>
    db
      .select({ ...metadataColumns, key: createdKey })
      .from(clientReports)
      .where(
        and(
          ofClientPlaceholders(clientReports),
          eq(clientReports.coachPersonId, sql.placeholder('coachId')),
          isAfterCursor
            ? afterCursorPlaceholders(clientReports.createdAt, clientReports.id)
            : undefined,
        ),
      )
      .orderBy(desc(clientReports.createdAt), desc(clientReports.id))
      .limit(sql.placeholder('limit'))
      .prepare(`reports_of_client${isAfterCursor ? '_after' : ''}`);
  return { first: page(false), after: page(true) };
});

/**
 * A page of the owner's reports, newest first by (created, id), after `before` when given, without
 * their bytes: `limit + 1` rows by client_reports_client_coach_created_idx, the last one only
 * telling whether a page follows.
 */
export async function listReports(
  db: Database,
  owner: ReportOwner,
  before: PageKey | null,
  limit: number,
): Promise<ReportList> {
  const statements = listStatementsOf(db);
  const values = {
    organisationId: owner.organisationId,
    clientId: owner.clientId,
    coachId: owner.coachId,
    limit: limit + 1,
  };
  const rows =
    before === null
      ? await statements.first.execute(values)
      : await statements.after.execute({ ...values, beforeAt: before.at, beforeId: before.id });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toReport),
    nextCursor:
      rows.length > limit && last ? encodePageCursor({ at: last.key, id: last.id }) : null,
  };
}

/** Deletes one of the owner's reports; answers whether there was such a report. */
export async function deleteReport(
  tx: Transaction,
  owner: ReportOwner,
  reportId: string,
): Promise<{ createdAt: string; byteSize: number } | undefined> {
  const [row] = await tx
    .delete(clientReports)
    .where(and(ownedBy(owner), eq(clientReports.id, reportId)))
    .returning({ createdAt: clientReports.createdAt, byteSize: clientReports.byteSize });
  return row ? { createdAt: row.createdAt.toISOString(), byteSize: row.byteSize } : undefined;
}

/** A stored report as answered: its size and first bytes (see `findReportHead`). */
export type ReportHead = { byteSize: number; head: Uint8Array };

// The bytes cross the driver as base64 text, as a picture's do (see resource/store.ts): PGlite
// converts bytea one byte at a time.

/**
 * One of the owner's reports, if there is such a report: its size and its first `headBytes`
 * bytes of PDF (the rest is read a chunk at a time while it is sent, see http/largeAnswer.ts).
 */
export async function findReportHead(
  db: Database,
  owner: ReportOwner,
  reportId: string,
  headBytes: number,
): Promise<ReportHead | undefined> {
  const [row] = await db
    .select({
      byteSize: clientReports.byteSize,
      base64: sql<string>`encode(substring(${clientReports.bytes} from 1 for ${headBytes}), 'base64')`,
    })
    .from(clientReports)
    .where(and(ownedBy(owner), eq(clientReports.id, reportId)))
    .limit(1);
  if (!row) return undefined;
  return { byteSize: row.byteSize, head: Buffer.from(row.base64, 'base64') };
}

/** Bytes `offset` to `offset + length` of one of the owner's reports; undefined once it is gone. */
export async function readReportChunk(
  db: Database,
  owner: ReportOwner,
  reportId: string,
  offset: number,
  length: number,
): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({
      base64: sql<string>`encode(substring(${clientReports.bytes} from ${offset + 1} for ${length}), 'base64')`,
    })
    .from(clientReports)
    .where(and(ownedBy(owner), eq(clientReports.id, reportId)))
    .limit(1);
  return row ? Buffer.from(row.base64, 'base64') : undefined;
}
