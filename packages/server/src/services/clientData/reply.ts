import type { FastifyReply } from 'fastify';
import type { WriteOutcome } from './outcome.ts';

/** Sends a write's outcome: the stored value with its status (201 or 200), or the refusal. */
export function sendOutcome<T>(reply: FastifyReply, outcome: WriteOutcome<T>) {
  if (!outcome.ok) {
    return reply.status(outcome.status).send({ error: outcome.error, message: outcome.message });
  }
  return reply.status(outcome.status).send(outcome.value);
}
