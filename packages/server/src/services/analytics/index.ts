import {
  type ActivityQuery,
  type DateRangeQuery,
  dateRangeError,
  decodeActivityCursor,
  messages,
} from '@coach/api';
import { contractRoute } from '../../http/contractRoute.ts';
import { findPersonByUserId } from '../account/persons.ts';
import { clientNotFound, resolveClientAccess } from '../clientAccess.ts';
import { nowOf, type ServicePlugin } from '../context.ts';
import { signedPicturePath } from '../resource/pictureUrls.ts';
import { activityPage, clientProfileSummary, clientSeries, clientSummaries } from './figures.ts';

/** Activity items of a page when the caller names no limit. */
const defaultActivityPageSize = 20;

/** The 400 of a cursor this service did not make. */
const invalidCursor = { error: 'invalid_request', message: messages.invalidCursor } as const;

/**
 * The analytics service (`/api/analytics`): the figures a coach sees of their clients. The clients
 * table (all of the coach's clients in one call), a client's profile header, daily series and
 * activity history; the client's coach only (anyone else gets the one 404 of client calls).
 */
export const analyticsService: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;

  // Only the client's coach gets these figures, and may see the client: a signed picture URL.
  function withSignedPicture<T extends { clientId: string; profilePicture: string | null }>(
    summary: T,
  ): T {
    if (summary.profilePicture === null) return summary;
    return { ...summary, profilePicture: signedPicturePath(context, summary.clientId) };
  }

  app.route({
    ...contractRoute('listClientSummaries'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const caller = await findPersonByUserId(
        database.db,
        organisationId,
        request.auth?.userId ?? '',
      );
      if (caller?.type !== 'coach') {
        return reply
          .status(403)
          .send({ error: 'invalid_user_type', message: messages.invalidUserType });
      }
      const now = nowOf(context);
      const found = await clientSummaries(
        database.db,
        { organisationId, timezone: caller.timezone },
        { coachPersonId: caller.id },
        now,
      );
      return {
        clients: found.map(({ summary }) => withSignedPicture(summary)),
        generatedAt: now.toISOString(),
      };
    },
  });

  app.route({
    ...contractRoute('getClientProfileSummary'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      const access = await resolveClientAccess(context, request, reply, clientId, 'coach');
      if (!access) return reply;
      const profile = await clientProfileSummary(
        database.db,
        { organisationId, timezone: access.caller.timezone },
        access.client.id,
        nowOf(context),
      );
      // Found a moment ago; gone now (deleted in between): the same 404.
      if (!profile) return reply.status(404).send(clientNotFound);
      return withSignedPicture(profile);
    },
  });

  app.route({
    ...contractRoute('getClientSeries'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      const { from, to } = request.query as DateRangeQuery;
      const access = await resolveClientAccess(context, request, reply, clientId, 'coach');
      if (!access) return reply;
      const problem = dateRangeError({ from, to });
      if (problem) return reply.status(400).send(problem);
      return clientSeries(database.db, organisationId, access.client, from, to, nowOf(context));
    },
  });

  app.route({
    ...contractRoute('getClientActivity'),
    onRequest: context.requireAuth,
    handler: async (request, reply) => {
      const { clientId } = request.params as { clientId: string };
      const query = request.query as ActivityQuery;
      const access = await resolveClientAccess(context, request, reply, clientId, 'coach');
      if (!access) return reply;
      const before = query.before === undefined ? null : decodeActivityCursor(query.before);
      if (query.before !== undefined && before === null) {
        return reply.status(400).send(invalidCursor);
      }
      return activityPage(
        database.db,
        organisationId,
        access.client.id,
        before,
        query.limit ?? defaultActivityPageSize,
      );
    },
  });
};
