import { reportLimits } from '@coach/domain';
import { recordAudit } from '../../../audit.ts';
import { DomainError } from '../../../domainError.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { largeAnswerChunkBytes, sendLargeAnswer } from '../../../http/largeAnswer.ts';
import { clientHandlers, coachOwnerOf, writeClientRecord } from '../../clientRecords/index.ts';
import { keyOfCursor, type ServicePlugin } from '../../core/index.ts';
import { generateReportRoute } from './generate.ts';
import { deleteReport, findReportHead, listReports, readReportChunk } from './reportStore.ts';

const reportNotFound = () => new DomainError('not_found', 'Report not found');

/**
 * Client reports: a coach generates a PDF of a client's period (generate.ts), lists, downloads
 * and deletes them; the client's coach only, and only the reports that coach wrote (anyone else
 * gets the one 404 of client calls).
 */
export const reportRoutes: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;

  generateReportRoute(app, context);

  app.route(
    contractRoute(
      'listClientReports',
      clientHandlers(context, 'coach', async ({ query }, access) => {
        const { before, limit } = query;
        const owner = coachOwnerOf(access);
        return listReports(database.db, owner, keyOfCursor(before), limit ?? reportLimits.listMax);
      }),
    ),
  );

  app.route(
    contractRoute(
      'deleteClientReport',
      clientHandlers(context, 'coach', async (request, access, reply) => {
        const reportId = request.params.reportId.toLowerCase();
        await writeClientRecord(context, request, {
          client: access.client,
          store: async ({ tx }) => {
            const deleted = await deleteReport(tx, coachOwnerOf(access), reportId);
            // Another coach's report, even of this client, is not there for the caller.
            if (!deleted) throw reportNotFound();
            await recordAudit(tx, {
              organisationId,
              action: 'report_deleted',
              actorUserId: request.auth?.userId ?? null,
              subject: access.client.id,
              ip: request.ip,
              requestId: request.id,
              outcome: 'success',
              details: { reportId, createdAt: deleted.createdAt, bytes: deleted.byteSize },
            });
          },
        });
        return reply.status(204).send();
      }),
    ),
  );

  app.route(
    contractRoute(
      'getClientReport',
      clientHandlers(context, 'coach', async (request, access, reply) => {
        const reportId = request.params.reportId.toLowerCase();
        const owner = coachOwnerOf(access);
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
      }),
    ),
  );
};
