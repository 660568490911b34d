import { reportLimits } from '@coach/domain';
import { recordAudit } from '../../../audit.ts';
import { DomainError } from '../../../domainError.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { largeAnswerChunkBytes, sendLargeAnswer } from '../../../http/largeAnswer.ts';
import { traced } from '../../../tracing/index.ts';
import { createWorkerPool, WorkerPoolFullError } from '../../../workerPool.ts';
import { coachActed, resolveClientAccess } from '../../clientRecords/index.ts';
import { keyOfCursor, nowOf, publishClientChange, type ServicePlugin } from '../../core/index.ts';
import { readReportContent } from './reportContent.ts';
import type { ReportContent } from './reportDocument.ts';
import { lockReportQuota, refuseOverReportQuota, reportQuotaOf } from './reportQuota.ts';
import {
  deleteReport,
  findReportHead,
  insertReport,
  listReports,
  type ReportOwner,
  readReportChunk,
} from './reportStore.ts';

const reportNotFound = () => new DomainError('not_found', 'Report not found');

const busy = () =>
  new DomainError('server_busy', 'Too many reports are being generated, please try again shortly', {
    retryAfterSeconds: reportLimits.busyRetryAfterSeconds,
  });

/**
 * Client reports: a coach generates a PDF of a client's period with their notes (and, when asked,
 * their own notes on the client written in the period), lists, downloads
 * and deletes them; the client's coach only, and only the reports that coach wrote (anyone else
 * gets the one 404 of client calls). The PDF is rendered in worker threads, never on the event
 * loop; when they and their queue are full the call is refused (503 with Retry-After) before
 * anything is read or stored, as it is past the coach's report quota (429 with Retry-After).
 */
export const reportRoutes: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;
  const renderers = createWorkerPool<ReportContent, Uint8Array>({
    workerUrl: new URL('./reportWorker.ts', import.meta.url),
    ...context.reports,
    onJobEnd: (outcome, seconds) => context.metrics?.workDone('report_pdf', outcome, seconds),
  });
  context.metrics?.watchWork('report_pdf', () => renderers.load());
  app.addHook('onClose', () => renderers.close());

  /** Whose reports these are: the client's, written by the calling coach. */
  const ownerOfAccess = (caller: { id: string }, client: { id: string }): ReportOwner => ({
    organisationId,
    clientId: client.id,
    coachId: caller.id,
  });

  /** The caller's reports of the client in the path: their coach's only, else the 404. */
  async function ownerOf(request: Parameters<typeof context.requireAuth>[0], clientId: string) {
    const { caller, client } = await resolveClientAccess(context, request, clientId, 'coach');
    return ownerOfAccess(caller, client);
  }

  /** The caller's report named by the path: its owner (the 404 of client calls else) and id. */
  async function reportOf(
    request: Parameters<typeof context.requireAuth>[0] & {
      params: { clientId: string; reportId: string };
    },
  ) {
    const owner = await ownerOf(request, request.params.clientId);
    return { owner, reportId: request.params.reportId.toLowerCase() };
  }

  app.route(
    contractRoute('createClientReport', {
      onRequest: context.requireAuth,
      handler: async (request, reply) => {
        const { caller, client } = await resolveClientAccess(
          context,
          request,
          request.params.clientId,
          'coach',
        );
        const quota = reportQuotaOf(context);
        // Before the render: a coach past the quota costs no renderer's time.
        await refuseOverReportQuota(database.db, organisationId, caller.id, quota);
        if (!renderers.hasRoom()) {
          context.metrics?.workRefused('report_pdf');
          throw busy();
        }
        const { body } = request;
        const content = await readReportContent(database.db, {
          organisationId,
          coach: caller,
          client,
          body,
          now: nowOf(context),
        });
        const rendering = traced(context.tracing, 'report render', () => renderers.run(content));
        const bytes = await rendering.catch((error: unknown) => {
          if (!(error instanceof WorkerPoolFullError)) throw error;
          context.metrics?.workRefused('report_pdf');
          throw busy();
        });
        const owner = ownerOfAccess(caller, client);
        const report = await database.transaction(async (tx) => {
          // Again under the coach's lock: the coach's other reports may have been stored meanwhile.
          await lockReportQuota(tx, caller.id);
          await refuseOverReportQuota(tx, organisationId, caller.id, quota);
          const stored = await insertReport(tx, owner, {
            authorName: content.coachName,
            period: content.period,
            phase: content.phase,
            phaseDay: content.phaseDay,
            bytes,
          });
          // Never the notes: they are the coach's words about a client. How many of the coach's
          // notes of the period it lists, when asked for, is a figure, not their text.
          const periodNotes = content.periodNotes
            ? { periodNotes: content.periodNotes.notes.length }
            : {};
          await recordAudit(tx, {
            organisationId,
            action: 'report_generated',
            actorUserId: request.auth?.userId ?? null,
            subject: client.id,
            ip: request.ip,
            requestId: request.id,
            outcome: 'success',
            details: {
              reportId: stored.id,
              period: content.period,
              bytes: bytes.byteLength,
              ...periodNotes,
            },
          });
          // When it is stored: the render may have taken a while.
          const action = { ...owner, kind: 'report', at: nowOf(context) } as const;
          const acted = await coachActed(tx, action);
          if (acted.isClientChanged) await publishClientChange(database, tx, client);
          return stored;
        });
        reply.status(201);
        return report;
      },
    }),
  );

  app.route(
    contractRoute('listClientReports', {
      onRequest: context.requireAuth,
      handler: async (request) => {
        const owner = await ownerOf(request, request.params.clientId);
        const { before, limit } = request.query;
        return listReports(database.db, owner, keyOfCursor(before), limit ?? reportLimits.listMax);
      },
    }),
  );

  app.route(
    contractRoute('deleteClientReport', {
      onRequest: context.requireAuth,
      handler: async (request, reply) => {
        const { owner, reportId } = await reportOf(request);
        await database.transaction(async (tx) => {
          const deleted = await deleteReport(tx, owner, reportId);
          // Another coach's report, even of this client, is not there for the caller.
          if (!deleted) throw reportNotFound();
          await recordAudit(tx, {
            organisationId,
            action: 'report_deleted',
            actorUserId: request.auth?.userId ?? null,
            subject: owner.clientId,
            ip: request.ip,
            requestId: request.id,
            outcome: 'success',
            details: { reportId, createdAt: deleted.createdAt, bytes: deleted.byteSize },
          });
        });
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute('getClientReport', {
      onRequest: context.requireAuth,
      handler: async (request, reply) => {
        const { owner, reportId } = await reportOf(request);
        const { db } = database;
        const report = await findReportHead(db, owner, reportId, largeAnswerChunkBytes(request));
        if (!report) throw reportNotFound();
        reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="report-${reportId}.pdf"`)
          .status(200);
        // Read and sent a chunk at a time: a stalled client holds no whole report.
        return sendLargeAnswer(request, reply, {
          ...report,
          readChunk: (offset, length) => readReportChunk(db, owner, reportId, offset, length),
        });
      },
    }),
  );
};
