import {
  compareNewestFirst,
  decodePageCursor,
  encodePageCursor,
  fullName,
  localDateOf,
  messages,
  type PageKey,
  pageNewestFirst,
  type ReportPeriod,
  reportLimits,
  reportPeriod,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { CreateReportBody, Report } from '../contract/reports.ts';
import type { MockClientRecord } from './fixtures/buildClient.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { coachActed } from './notesHandlers.ts';
import { errorResponse as error, type MockHandlerOptions, mockService } from './route.ts';
import type { MockState } from './state.ts';

/** Options of {@link createReportHandlers}: failures of the report calls, for the app's stories. */
export type ReportHandlerOptions = MockHandlerOptions & {
  /** Generating a report fails with 500 (the app says 'Error generating report'). */
  reportCreateFails?: boolean;
  /** Generating a report is refused as busy: 503 'server_busy' with Retry-After. */
  reportsBusy?: boolean;
  /** Listing the reports fails with 500. */
  reportListFails?: boolean;
  /** Downloading a report fails with 500. */
  reportDownloadFails?: boolean;
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
export function minimalPdf(text: string): Uint8Array {
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

/** A report's place in the list's order, as the server keys it (microseconds, then the id). */
const keyOf = (report: MockReport): PageKey => ({
  at: `${report.createdAt.slice(0, 23)}000Z`,
  id: report.id,
});

/**
 * The seconds until a new report of the coach fits in the quota (the server's rule: at most
 * `dailyMax` in the last 24 hours), or null while it fits.
 */
function quotaWait(reports: readonly MockReport[], coachId: string, now: Date): number | null {
  const windowMs = reportLimits.quotaWindowSeconds * 1000;
  const counted = reports
    .filter(
      (report) =>
        report.coachId === coachId && Date.parse(report.createdAt) > now.getTime() - windowMs,
    )
    .map((report) => Date.parse(report.createdAt))
    .sort((a, b) => b - a);
  const leaving = counted[reportLimits.dailyMax - 1];
  if (leaving === undefined) return null;
  return Math.max(1, Math.ceil((leaving + windowMs - now.getTime()) / 1000));
}

/**
 * MSW handlers of the report calls over the mock state, following the server's rules: the
 * client's coach only (the one 404 otherwise), notes of at most 500 characters and the choice of
 * the coach's notes of the period (the contract's schema; the mock PDF is the same either way), a
 * period of at most 90 days defaulting to the journey so far, the coach's daily quota,
 * pages newest first after a cursor, deletion by the report's author only; every PDF is the same
 * small valid document.
 */
export function createReportHandlers(options: ReportHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  const clientNotFound = () => error(404, 'not_found', messages.clientNotFound);
  const internalError = () => error(500, 'internal_error', messages.internalError);

  /** The caller when they are the coach of the client in the path. */
  function coachOfClient(userId: string | undefined, clientId: string | undefined) {
    const caller = state.persons.find((person) => person.userId === userId);
    const record = state.clients.find((candidate) => candidate.person.id === clientId);
    const isCoach = caller?.type === 'coach' && record?.person.coachId === caller.id;
    return isCoach && record ? { coach: caller, record } : undefined;
  }

  const reportsOf = () => mockReportsOf(state, options);

  const publicView = ({ coachId: _coachId, ...report }: MockReport): Report => report;

  const rateLimited = (retryAfterSeconds: number) => {
    const refusal = error(
      429,
      'rate_limited',
      'Too many reports were generated lately, please try again later',
    );
    refusal.headers.set('Retry-After', String(retryAfterSeconds));
    return refusal;
  };

  /**
   * The report in the path when the caller is its client's coach and its author, or the answer
   * otherwise (and 500 when `fails`, past the access check as on the server).
   */
  const ownReport = (
    userId: string | undefined,
    params: Record<string, string>,
    fails: boolean | undefined,
  ): MockReport | Response => {
    const access = coachOfClient(userId, params.clientId);
    if (!access) return clientNotFound();
    if (fails) return internalError();
    const found = reportsOf().find(
      (report) =>
        report.id === params.reportId &&
        report.clientId === params.clientId &&
        report.coachId === access.coach.id,
    );
    return found ?? error(404, 'not_found', 'Report not found');
  };

  return [
    handle('createClientReport', ({ userId, params, body }) => {
      const access = coachOfClient(userId, params.clientId);
      if (!access) return clientNotFound();
      if (options.reportsBusy) {
        const refusal = error(
          503,
          'server_busy',
          'Too many reports are being generated, please try again shortly',
        );
        refusal.headers.set('Retry-After', String(reportLimits.busyRetryAfterSeconds));
        return refusal;
      }
      if (options.reportCreateFails) return internalError();
      const { coach, record } = access;
      if (options.reportQuotaReached) return rateLimited(3600);
      const wait = quotaWait(reportsOf(), coach.id, now());
      if (wait !== null) return rateLimited(wait);
      const today = localDateOf(now(), record.person.timezone);
      const asked = periodOf(record, body as CreateReportBody, today);
      if (!asked.ok) return error(400, asked.error, asked.message);
      const { period } = asked;
      state.sequence += 1;
      const report: MockReport = {
        id: `7e5a0000-0000-4000-8000-${state.sequence.toString(16).padStart(12, '0')}`,
        clientId: record.person.id,
        coachId: coach.id,
        createdAt: now().toISOString(),
        author: { id: coach.id, name: fullName(coach) },
        period,
        phase: record.journey.currentStep,
        phaseDay: record.journey.currentDay,
        sizeBytes: pdf.byteLength,
      };
      reportsOf().unshift(report);
      // A report is an action on the client: it ends their open follow-up.
      coachActed(state, {
        clientId: report.clientId,
        coachId: coach.id,
        kind: 'report',
        at: now(),
      });
      return HttpResponse.json(publicView(report), { status: 201 });
    }),
    handle('listClientReports', ({ userId, params, query }) => {
      const access = coachOfClient(userId, params.clientId);
      if (!access) return clientNotFound();
      if (options.reportListFails) return internalError();
      const { limit = reportLimits.listMax, before } = query as { limit?: number; before?: string };
      const cursor = before === undefined ? null : decodePageCursor(before);
      if (before !== undefined && cursor === null) {
        return error(400, 'invalid_request', messages.invalidCursor);
      }
      const keyed = reportsOf()
        .filter(
          (report) => report.clientId === params.clientId && report.coachId === access.coach.id,
        )
        .map((report) => ({ ...keyOf(report), report }));
      const after = cursor ? keyed.filter((key) => compareNewestFirst(key, cursor) > 0) : keyed;
      const page = pageNewestFirst([after], limit);
      return HttpResponse.json({
        items: page.items.map((key) => publicView(key.report)),
        nextCursor: page.next === null ? null : encodePageCursor(page.next),
      });
    }),
    handle('getClientReport', ({ userId, params }) => {
      const found = ownReport(userId, params, options.reportDownloadFails);
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
