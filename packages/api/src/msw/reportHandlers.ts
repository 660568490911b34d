import {
  fullName,
  localDateOf,
  messages,
  type ReportPeriod,
  reportLimits,
  reportPeriod,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { CreateReportBody, Report } from '../contract/reports.ts';
import type { MockClientRecord } from './fixtures/buildClient.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { coachActed } from './notesHandlers.ts';
import {
  clientAccess,
  errorResponse as error,
  type MockHandlerOptions,
  mockService,
  newestFirstPage,
} from './route.ts';
import { type MockState, nextMockId } from './state.ts';

/** Options of {@link createReportHandlers}: failures of the report calls, for the app's stories. */
export type ReportHandlerOptions = MockHandlerOptions & {
  /** Generating a report fails with 500 (the app says 'Error generating report'). */
  reportCreateFails?: boolean;
  /** The clients start without reports (by default the first client has one). */
  noReports?: boolean;
  /**
   * The first client starts with this many reports (one a day back from the first), so that
   * the list has further pages; one by default.
   */
  reportCount?: number;
  /** Deleting a report fails with 500. */
  reportDeleteFails?: boolean;
  /** The coach has generated every report of the day: 429 'rate_limited' with Retry-After. */
  reportQuotaReached?: boolean;
};

/** A stored mock report: what the list shows, and whose it is. */
export type MockReport = Report & { coachId: string };

/**
 * A one-page PDF saying `text` (ASCII), valid to the byte: its cross-reference table points at
 * each object, so a PDF viewer opens it.
 */
function minimalPdf(text: string): Uint8Array {
  const escaped = text.replace(/[^ -~]/g, '?').replace(/[()\\]/g, (character) => `\\${character}`);
  const stream = `BT /F1 18 Tf 72 760 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries.join('')}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const reportsByState = new WeakMap<MockState, MockReport[]>();

/** The period of a report on a client by the server's rule: the one asked for, or by default. */
function periodOf(record: MockClientRecord, asked: { from?: string; to?: string }, today: string) {
  const journeyStart = record.journey.steps[0]?.startDate ?? record.journey.startDate;
  return reportPeriod(asked, journeyStart, today);
}

/** The default period: the journey so far up to today, cut to its last 90 days. */
function defaultPeriod(record: MockClientRecord, today: string): ReportPeriod {
  const result = periodOf(record, {}, today);
  // Never refused: the default is always a valid period.
  return result.ok ? result.period : { from: today, to: today };
}

/** The one PDF every mock report is. */
const pdf = minimalPdf('Client report (mock)');

/**
 * The reports of the mock state, newest first (made on first use: by default the first client
 * has one): the report calls and the coach-actions history read the same list.
 */
export function mockReportsOf(
  state: MockState,
  options: Pick<ReportHandlerOptions, 'noReports' | 'reportCount'> = {},
): MockReport[] {
  let reports = reportsByState.get(state);
  if (!reports) {
    const [first] = state.clients;
    const coach = state.persons.find((person) => person.id === first?.person.coachId);
    const count = options.noReports ? 0 : (options.reportCount ?? 1);
    reports =
      !first || !coach
        ? []
        : Array.from({ length: count }, (_, index) => {
            const createdAt = new Date(mockNow.getTime() - index * 24 * 60 * 60 * 1000);
            return {
              // Ids apart from, and below, the ones the handlers make (by state.sequence), so a
              // new report made in the same instant lists first; the newest the largest.
              id: `7e5a0000-0000-4000-0000-${(count - index).toString(16).padStart(12, '0')}`,
              clientId: first.person.id,
              coachId: coach.id,
              createdAt: createdAt.toISOString(),
              author: { id: coach.id, name: fullName(coach) },
              period: defaultPeriod(first, localDateOf(createdAt, first.person.timezone)),
              phase: first.journey.currentStep,
              phaseDay: first.journey.currentDay,
              sizeBytes: pdf.byteLength,
            };
          });
    reportsByState.set(state, reports);
  }
  return reports;
}

/**
 * MSW handlers of the report calls over the mock state: the client's coach only (the one 404
 * otherwise), the period by the domain's rule (at most 90 days, the journey so far by default),
 * pages newest first, deletion by the report's author; every PDF is the same small document. The
 * server's quota and busy refusals are its own (`reportQuotaReached` shows the quota's).
 */
export function createReportHandlers(options: ReportHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  const internalError = () => error(500, 'internal_error', messages.internalError);
  const reportsOf = () => mockReportsOf(state, options);
  const publicView = ({ coachId: _coachId, ...report }: MockReport): Report => report;
  /** The coach's reports on the client of the path, or the one 404. */
  const coachReports = (userId: string | undefined, clientId: string | undefined) => {
    const access = clientAccess(state, userId, clientId);
    if (access instanceof Response) return access;
    const { caller, record } = access;
    const own = (report: MockReport) =>
      report.clientId === record.person.id && report.coachId === caller.id;
    return { coach: caller, record, reports: reportsOf().filter(own) };
  };
  /** The report of the path when the caller wrote it on their client; 500 when `fails`. */
  const ownReport = (userId: string | undefined, params: Record<string, string>, fails = false) => {
    const access = coachReports(userId, params.clientId);
    if (access instanceof Response) return access;
    if (fails) return internalError();
    const found = access.reports.find((report) => report.id === params.reportId);
    return found ?? error(404, 'not_found', 'Report not found');
  };

  return [
    handle('createClientReport', ({ userId, params, body }) => {
      const access = coachReports(userId, params.clientId);
      if (access instanceof Response) return access;
      if (options.reportCreateFails) return internalError();
      if (options.reportQuotaReached) {
        const message = 'Too many reports were generated lately, please try again later';
        return error(429, 'rate_limited', message, 3600);
      }
      const { coach, record } = access;
      const at = now();
      const asked = periodOf(
        record,
        body as CreateReportBody,
        localDateOf(at, record.person.timezone),
      );
      if (!asked.ok) return error(400, asked.error, asked.message);
      const report: MockReport = {
        id: nextMockId(state, '7e5a0000'),
        clientId: record.person.id,
        coachId: coach.id,
        createdAt: at.toISOString(),
        author: { id: coach.id, name: fullName(coach) },
        period: asked.period,
        phase: record.journey.currentStep,
        phaseDay: record.journey.currentDay,
        sizeBytes: pdf.byteLength,
      };
      reportsOf().unshift(report);
      // A report is an action on the client: it ends their open follow-up.
      coachActed(state, { clientId: report.clientId, coachId: coach.id, kind: 'report', at });
      return HttpResponse.json(publicView(report), { status: 201 });
    }),
    handle('listClientReports', ({ userId, params, query }) => {
      const access = coachReports(userId, params.clientId);
      if (access instanceof Response) return access;
      const keyOf = (report: MockReport) => ({ at: report.createdAt, id: report.id });
      const page = newestFirstPage(access.reports, keyOf, query, reportLimits.listMax);
      if (page instanceof Response) return page;
      return HttpResponse.json({ ...page, items: page.items.map(publicView) });
    }),
    handle('getClientReport', ({ userId, params }) => {
      const found = ownReport(userId, params);
      if (found instanceof Response) return found;
      return new HttpResponse(pdf.slice().buffer, {
        headers: { 'Content-Type': 'application/pdf' },
      });
    }),
    handle('deleteClientReport', ({ userId, params }) => {
      const found = ownReport(userId, params, options.reportDeleteFails);
      if (found instanceof Response) return found;
      const reports = reportsOf();
      reports.splice(reports.indexOf(found), 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
