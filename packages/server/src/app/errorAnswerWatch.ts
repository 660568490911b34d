import type { FastifyInstance } from 'fastify';

/** An error answer as a caller receives it. */
export type ErrorAnswer = { method: string; url: string; status: number; body: unknown };

/** Hands every error answer (status >= 400), its JSON body parsed, to `onErrorAnswer`. */
export function watchErrorAnswers(
  app: FastifyInstance,
  onErrorAnswer: (answer: ErrorAnswer) => void,
) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400) return payload;
    const isJson = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    let body: unknown = payload;
    if (isJson && typeof payload === 'string') {
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
    }
    onErrorAnswer({ method: request.method, url: request.url, status: reply.statusCode, body });
    return payload;
  });
}
