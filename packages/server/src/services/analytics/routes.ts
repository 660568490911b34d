import { episodeLimits } from '@coach/api';
import { messages } from '@coach/domain';
import { DomainError } from '../../domainError.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { findCaller } from '../account/index.ts';
import { clientHandlers, clientNotFound, clientRangeHandlers } from '../clientRecords/index.ts';
import { keyOfCursor, nowOf, type ServicePlugin, signedPicturePath } from '../core/index.ts';
import { listCoachActions } from './coachActions.ts';
import { selectClientEpisodes } from './episodes/store.ts';
import { activityPage, clientProfileSummary, clientSeries, coachListSummaries } from './figures.ts';
import { ListAnswers } from './listAnswers.ts';
import { selectListVersions } from './listEntries.ts';
import { registerLiveEvents } from './liveEventsRoute.ts';
import { reviewRoutes } from './reviewRoutes.ts';

/** The content type of a JSON answer, as Fastify sets it. */
const jsonContentType = 'application/json; charset=utf-8';

/** Activity items of a page when the caller names no limit. */
const defaultActivityPageSize = 20;

/**
 * The analytics service (`/api/analytics`): the figures a coach sees of their clients. The clients
 * table (all of the coach's clients in one call), a client's profile header, daily series and
 * activity history; the client's coach only (anyone else gets the one 404 of client calls).
 */
export const analyticsService: ServicePlugin = async (app, context) => {
  const { database, organisationId } = context;

  await registerLiveEvents(app, context);
  reviewRoutes(app, context);

  // Only the client's coach gets these figures, and may see the client: a signed picture URL.
  function withSignedPicture<T extends { clientId: string; profilePicture: string | null }>(
    summary: T,
  ): T {
    if (summary.profilePicture === null) return summary;
    return { ...summary, profilePicture: signedPicturePath(context, summary.clientId) };
  }

  // A coach's list, kept while nothing it shows changes (listAnswers.ts): one short statement
  // tells, and the answer goes as it was serialised.
  const listAnswers = new ListAnswers(context.listAnswerBytes);
  app.route(
    contractRoute('listClientSummaries', {
      onRequest: context.requireAuth,
      handler: async (request, reply) => {
        const caller = await findCaller(database.db, organisationId, request);
        if (caller?.type !== 'coach') {
          throw new DomainError('invalid_user_type', messages.invalidUserType);
        }
        const now = nowOf(context);
        const { timezone } = caller;
        const versions = await selectListVersions(database.db, organisationId, caller.id);
        let body = listAnswers.find(caller.id, { versions, now, timezone });
        if (body === undefined) {
          const made = await coachListSummaries(
            database.db,
            { organisationId, timezone },
            caller.id,
            now,
          );
          // The route's serialiser (its answer schema), as a returned value would go.
          const text = reply.serialize({
            clients: made.summaries.map(withSignedPicture),
            generatedAt: now.toISOString(),
            attentionFigures: made.attentionFigures,
          }) as string;
          body = Buffer.from(text);
          listAnswers.keep(caller.id, { versions: made.versions, now, timezone }, body);
        }
        return reply.type(jsonContentType).send(body as never);
      },
    }),
  );

  app.route(
    contractRoute(
      'getClientProfileSummary',
      clientHandlers(context, 'coach', async (_request, { caller, client }) => {
        const profile = await clientProfileSummary(
          database.db,
          { organisationId, timezone: caller.timezone },
          client.id,
          nowOf(context),
        );
        // Found a moment ago; gone now (deleted in between): the same 404.
        if (!profile) throw clientNotFound();
        return withSignedPicture(profile);
      }),
    ),
  );

  app.route(
    contractRoute(
      'getClientSeries',
      clientRangeHandlers(context, 'coach', (client, { from, to }, now) =>
        clientSeries(database.db, organisationId, client, from, to, now),
      ),
    ),
  );

  app.route(
    contractRoute(
      'getClientActivity',
      clientHandlers(context, 'coach', async ({ query }, { client }) => {
        return activityPage(
          database.db,
          organisationId,
          client.id,
          keyOfCursor(query.before),
          query.limit ?? defaultActivityPageSize,
        );
      }),
    ),
  );

  app.route(
    contractRoute(
      'listClientCoachActions',
      clientHandlers(context, 'coach', async (_request, { caller, client }) => {
        const items = await listCoachActions(database.db, {
          organisationId,
          coach: { personId: caller.id, userId: caller.userId },
          client: { personId: client.id, userId: client.userId },
        });
        return { items };
      }),
    ),
  );

  app.route(
    contractRoute(
      'listClientEpisodes',
      clientHandlers(context, 'coach', async (_request, { caller, client }) => ({
        items: await selectClientEpisodes(database.db, client.id, caller.id, episodeLimits.listMax),
        generatedAt: nowOf(context).toISOString(),
      })),
    ),
  );
};
