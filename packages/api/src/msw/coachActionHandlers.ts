import { type HttpHandler, HttpResponse } from 'msw';
import { type CoachAction, coachActionLimits } from '../contract/coachActions.ts';
import type { MockClientRecord } from './fixtures/buildClient.ts';
import { type MockReport, mockReportsOf, type ReportHandlerOptions } from './reportHandlers.ts';
import { clientAccess, mockService } from './route.ts';

/** Options of {@link createCoachActionHandlers}: the reports' options (`noReports`) apply. */
export type CoachActionHandlerOptions = ReportHandlerOptions;

const dayMs = 86_400_000;

/** The mock's audit ids: distinct per kind and rank, so the list keys stay stable. */
const actionId = (kind: number, rank: number) => String(kind * 1000 + rank + 1);

/**
 * What the server reads from the audit log, derived from the mock state: the invite (a day before
 * learn started, the acceptance), each phase the coach started (the journey's steps, so a phase
 * change of the mock shows at once) and the coach's reports of the client (the report mocks' list).
 */
function actionsOf(
  record: MockClientRecord,
  coachId: string,
  storedReports: readonly MockReport[],
): CoachAction[] {
  const none = { fromPhase: null, toPhase: null, reportId: null };
  const { steps } = record.journey;
  const learnStart = steps[0]?.startedAt ?? `${record.journey.startDate}T09:00:00.000Z`;
  const invited: CoachAction = {
    ...none,
    id: actionId(1, 0),
    kind: 'invited',
    at: new Date(Date.parse(learnStart) - dayMs).toISOString(),
  };
  const phases = steps.flatMap((entry, index): CoachAction[] =>
    entry.startedByPersonId === coachId && entry.startedAt !== null
      ? [
          {
            ...none,
            id: actionId(2, index),
            kind: 'phaseChanged',
            at: entry.startedAt,
            fromPhase: steps[index - 1]?.step ?? null,
            toPhase: entry.step,
          },
        ]
      : [],
  );
  const reports = storedReports
    .filter((report) => report.clientId === record.person.id && report.coachId === coachId)
    .map(
      (report, index): CoachAction => ({
        ...none,
        id: actionId(3, index),
        kind: 'reportGenerated',
        at: report.createdAt,
        reportId: report.id,
      }),
    );
  // Listed in the order they happened, reversed: equal instants keep the later action first.
  return [...reports, ...phases.reverse(), invited]
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, coachActionLimits.listMax);
}

/**
 * MSW handler of the coach's actions on a client (`listClientCoachActions`): the client's coach
 * only (the one 404 otherwise), newest first. `emptyLists` answers none (a new client).
 */
export function createCoachActionHandlers(options: CoachActionHandlerOptions = {}): HttpHandler[] {
  const { state, handle } = mockService(options);
  return [
    handle('listClientCoachActions', ({ userId, params }) => {
      const access = clientAccess(state, userId, params.clientId);
      if (access instanceof Response) return access;
      // The same reports the report calls list (`noReports` leaves the fixture's out).
      const reports = mockReportsOf(state, options);
      const items = options.emptyLists ? [] : actionsOf(access.record, access.caller.id, reports);
      return HttpResponse.json({ items });
    }),
  ];
}
