import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AfterAnswer } from './resetCodes.ts';

/** What a log may say of a failure: its kind, never its message (it may hold an address). */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'unknown';
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
