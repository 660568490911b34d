import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../http/contractRoute.ts';
import { browserOf, rememberBrowser } from './factors/knownBrowsers.ts';
import { requestPasswordReset, resetPassword, verifyResetCode } from './resetCodes.ts';
import { type AuthRouteDeps, metaOf } from './routeDeps.ts';

/** The password reset by mailed code: asking for a code, checking it, setting the new password. */
export function passwordResetRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { deps, mail, afterAnswer } = auth;

  app.route(
    contractRoute('requestPasswordReset', {
      handler: async (request, reply) => {
        const answer = await requestPasswordReset(
          deps,
          request.body,
          metaOf(request),
          mail,
          afterAnswer(reply.raw, request.log),
          browserOf(request),
        );
        return reply.status(202).send(answer);
      },
    }),
  );

  app.route(
    contractRoute('verifyResetCode', {
      handler: async (request) => {
        await verifyResetCode(deps, request.body, metaOf(request), mail, browserOf(request));
        return { valid: true as const };
      },
    }),
  );

  app.route(
    contractRoute('resetPassword', {
      handler: async (request, reply) => {
        const answer = await resetPassword(
          deps,
          request.body,
          metaOf(request),
          mail,
          browserOf(request),
        );
        if (answer.status === 202) return reply.status(202).send(answer.body);
        rememberBrowser(deps, reply, answer.userId, deps.options.now());
        return answer.body;
      },
    }),
  );
}
