import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../http/contractRoute.ts';
import { checkInvite } from './inviteLinks.ts';
import { acceptInvite, createInvite, type InviteDeps } from './invites.ts';
import { listInvites, resendInvite, withdrawInvite } from './pendingInvites.ts';
import { type AuthRouteDeps, claimsOf, metaOf } from './routeDeps.ts';

/** A coach's invites (create, list, resend, withdraw), and checking and accepting one. */
export function inviteRoutes(app: FastifyInstance, auth: AuthRouteDeps) {
  const { context, deps, mail, requireSession } = auth;
  const inviteDeps = (): InviteDeps => ({ ...deps, mail, appUrl: context.appUrl });

  app.route(
    contractRoute('createInvite', {
      onRequest: requireSession,
      handler: async (request, reply) => {
        const invite = await createInvite(
          inviteDeps(),
          claimsOf(request).userId,
          request.body,
          metaOf(request),
        );
        return reply.status(201).send(invite);
      },
    }),
  );

  app.route(
    contractRoute('listInvites', {
      onRequest: requireSession,
      handler: async (request) => listInvites(deps, claimsOf(request).userId),
    }),
  );

  app.route(
    contractRoute('resendInvite', {
      onRequest: requireSession,
      handler: async (request) =>
        resendInvite(inviteDeps(), claimsOf(request).userId, request.params.id, metaOf(request)),
    }),
  );

  app.route(
    contractRoute('withdrawInvite', {
      onRequest: requireSession,
      handler: async (request, reply) => {
        await withdrawInvite(deps, claimsOf(request).userId, request.params.id, metaOf(request));
        return reply.status(204).send();
      },
    }),
  );

  app.route(
    contractRoute('checkInvite', {
      handler: async (request) => checkInvite(deps, request.body.token, metaOf(request)),
    }),
  );

  app.route(
    contractRoute('acceptInvite', {
      handler: async (request) => acceptInvite(deps, request.body, metaOf(request)),
    }),
  );
}
