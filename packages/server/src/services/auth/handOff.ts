import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createMailSender, type MailQueue, mailQueueOf } from '../../mail/outbox.ts';
import type { ServiceContext } from '../context.ts';
import type { AfterAnswer } from './resetCodes.ts';

/** What a log may say of a failure: its kind, never its message (it may hold an address). */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'unknown';
}

/** The queue of each server's context: one sender per process, whichever service asks first. */
const queues = new WeakMap<ServiceContext, MailQueue>();

/**
 * Starts the mail sender of this process with the first service that mails (it resumes pending
 * mail at once) and stops it when the server closes, after any send under way. Answers the queue
 * that code hands its mail to: a mail is stored with what it carries and sent without the answer
 * waiting for SMTP (see `mail/outbox.ts`).
 */
export function startMailOutbox(app: FastifyInstance, context: ServiceContext): MailQueue {
  const started = queues.get(context);
  if (started) return started;
  const sender = createMailSender({
    database: context.database,
    organisationId: context.organisationId,
    // Read at each send: the context's mailer may be replaced while the server runs (tests do).
    mailer: () => context.mailer,
    log: app.log,
    ...(context.mailOutbox ? { options: context.mailOutbox } : {}),
  });
  sender.start();
  app.addHook('onClose', async () => {
    queues.delete(context);
    await sender.stop();
  });
  const queue = mailQueueOf(context.organisationId, sender);
  queues.set(context, queue);
  return queue;
}

/**
 * Runs work once an answer has gone out (or its connection closed), so its time never shows in
 * the answer; a failure is logged. Closing the server waits for work under way.
 */
export function createAfterAnswer(app: FastifyInstance) {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  return (response: ServerResponse, log: FastifyBaseLogger): AfterAnswer =>
    (work) => {
      response.once('close', () => {
        const run = work()
          .catch((error: unknown) =>
            log.error({ reason: reasonOf(error) }, 'work after the answer failed'),
          )
          .finally(() => pending.delete(run));
        pending.add(run);
      });
    };
}
