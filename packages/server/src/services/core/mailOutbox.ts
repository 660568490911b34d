import type { FastifyInstance } from 'fastify';
import { createMailSender, type MailQueue, mailQueueOf } from '../../mail/outbox.ts';
import { outboxMetrics } from '../../mail/outboxMetrics.ts';
import type { ServiceContext } from './context.ts';

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
    tracing: context.tracing,
    metrics: context.metrics?.register(outboxMetrics),
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
