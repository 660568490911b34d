import type { Report } from '@coach/api';
import { type JourneyStep, reportLimits } from '@coach/domain';
import { and, desc, eq } from 'drizzle-orm';
import { type Database, schema, type Transaction } from '../../../db/index.ts';

const { clientReports } = schema;

/** Whose reports: the organisation, the client and the coach who wrote them. */
export type ReportOwner = { organisationId: string; clientId: string; coachId: string };

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

/** The owner's newest reports first (at most the list's limit), without their bytes. */
export async function listReports(db: Database, owner: ReportOwner): Promise<Report[]> {
  const rows = await db
    .select(metadataColumns)
    .from(clientReports)
    .where(ownedBy(owner))
    .orderBy(desc(clientReports.createdAt), desc(clientReports.id))
    .limit(reportLimits.listMax);
  return rows.map(toReport);
}

/** The PDF of one of the owner's reports, if there is such a report. */
export async function findReportBytes(
  db: Database,
  owner: ReportOwner,
  reportId: string,
): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ bytes: clientReports.bytes })
    .from(clientReports)
    .where(and(ownedBy(owner), eq(clientReports.id, reportId)))
    .limit(1);
  return row?.bytes;
}
