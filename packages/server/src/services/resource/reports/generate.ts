import type { CreateReportBody } from '@coach/api';
import { reportLimits } from '@coach/domain';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../audit.ts';
import { DomainError } from '../../../domainError.ts';
import { contractRoute } from '../../../http/contractRoute.ts';
import { traced } from '../../../tracing/index.ts';
import { createWorkerPool, WorkerPoolFullError } from '../../../workerPool.ts';
import { clientHandlers, coachOwnerOf, writeClientRecord } from '../../clientRecords/index.ts';
import { nowOf, type PersonRecord, type ServiceContext } from '../../core/index.ts';
import { readReportContent } from './reportContent.ts';
import type { ReportContent } from './reportDocument.ts';
import { insertReport } from './reportStore.ts';

const busy = () =>
  new DomainError('server_busy', 'Too many reports are being generated, please try again shortly', {
    retryAfterSeconds: reportLimits.busyRetryAfterSeconds,
  });

/**
 * A coach generates a PDF of a client's period with their notes (and, when asked, their own
 * notes on the client written in the period) through the write path: past the coach's report
 * quota (429 with Retry-After) before anything is read or rendered, then rendered in worker
 * threads, never on the event loop (when they and their queue are full: 503 with Retry-After),
 * then stored with its audit row, the coach's action on the client, and its notice.
 */
export function generateReportRoute(app: FastifyInstance, context: ServiceContext): void {
  const { database, organisationId } = context;
  const renderers = createWorkerPool<ReportContent, Uint8Array>({
    workerUrl: new URL('./reportWorker.ts', import.meta.url),
    ...context.reports,
    onJobEnd: (outcome, seconds) => context.metrics?.workDone('report_pdf', outcome, seconds),
  });
  context.metrics?.watchWork('report_pdf', () => renderers.load());
  app.addHook('onClose', () => renderers.close());

  /** Refused when the renderers are full. */
  const refuseBusy = () => {
    context.metrics?.workRefused('report_pdf');
    return busy();
  };

  /** The report's content and its PDF. */
  async function render(coach: PersonRecord, client: PersonRecord, body: CreateReportBody) {
    if (!renderers.hasRoom()) throw refuseBusy();
    const input = { organisationId, coach, client, body, now: nowOf(context) };
    const content = await readReportContent(database.db, input);
    const rendering = traced(context.tracing, 'report render', () => renderers.run(content));
    const bytes = await rendering.catch((error: unknown) => {
      throw error instanceof WorkerPoolFullError ? refuseBusy() : error;
    });
    return { content, bytes };
  }

  app.route(
    contractRoute(
      'createClientReport',
      clientHandlers(context, 'coach', async (request, access, reply) => {
        const { caller, client } = access;
        const report = await writeClientRecord(context, request, {
          client,
          // Checked before the render (a coach past it costs no renderer's time), and again in
          // the transaction under the coach's lock: their other reports may have been stored.
          quota: { kind: 'report', payer: caller },
          prepare: () => render(caller, client, request.body),
          store: async ({ tx, charge, prepared: { content, bytes } }) => {
            await charge({ reports: 1 });
            const stored = await insertReport(tx, coachOwnerOf(access), {
              authorName: content.coachName,
              period: content.period,
              phase: content.phase,
              phaseDay: content.phaseDay,
              bytes,
            });
            // Never the notes: they are the coach's words about a client. How many of the
            // coach's notes of the period it lists, when asked for, is a figure, not their text.
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
            return stored;
          },
          acting: { coachId: caller.id, kind: 'report' },
        });
        reply.status(201);
        return report;
      }),
    ),
  );
}
