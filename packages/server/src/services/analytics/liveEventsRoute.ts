import { lastEventIdHeader, liveEventsContentType } from '@coach/api';
import { messages } from '@coach/domain';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domainError.ts';
import { leaveAdmission } from '../../http/admission.ts';
import { clientAddressKey } from '../../http/clientAddress.ts';
import { contractRoute } from '../../http/contractRoute.ts';
import { findCaller } from '../account/index.ts';
import { liveSessionsOf } from '../auth/index.ts';
import type { ServiceContext } from '../core/index.ts';
import { createLiveHub, defaultLiveEventOptions } from './liveHub.ts';
import { liveMetrics } from './liveMetrics.ts';

/** How long a refused stream is told to wait before trying again. */
const refusalRetry = { retryAfterSeconds: 10 };

/**
 * `GET /events`: the signed-in coach's live event stream (see liveHub.ts). Its streams end with
 * their session, and all of them when the server closes (before it waits for open answers).
 */
export async function registerLiveEvents(
  app: FastifyInstance,
  context: ServiceContext,
): Promise<void> {
  const { database, organisationId } = context;
  const sessions = liveSessionsOf(database);
  const metrics = context.metrics?.register(liveMetrics);
  const hub = createLiveHub(
    database,
    { ...defaultLiveEventOptions, ...context.liveEvents },
    async (owner) => (await sessions.signedInUser(owner)) !== undefined,
    { onSent: metrics?.eventSent },
  );
  metrics?.watchOpenStreams(() => hub.openStreams());
  await hub.start();
  // The streams end before the server waits for its open answers; the listening connection closes
  // after it stopped accepting connections.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', () => hub.close());

  app.route(
    contractRoute('streamLiveEvents', {
      onRequest: context.requireAuth,
      handler: async (request, reply) => {
        const auth = request.auth;
        const caller = await findCaller(database.db, organisationId, request);
        if (!auth || caller?.type !== 'coach') {
          throw new DomainError('invalid_user_type', messages.invalidUserType);
        }
        const owner = {
          coachId: caller.id,
          userId: auth.userId,
          sessionId: auth.sessionId,
          // An IPv6 client holds a whole /64: its streams count together.
          address: clientAddressKey(request.ip),
        };
        const refusal = hub.refusal(owner);
        if (refusal) {
          metrics?.streamRefused(refusal);
          throw new DomainError('rate_limited', messages.tooManyLiveStreams, refusalRetry);
        }
        const lastEventId = request.headers[lastEventIdHeader];
        const stream = hub.open(owner, typeof lastEventId === 'string' ? lastEventId : undefined);
        // The stream stays open: its slot at the admission gate goes to the next request.
        leaveAdmission(request);
        reply.raw.once('close', stream.close);
        reply
          .header('Content-Type', `${liveEventsContentType}; charset=utf-8`)
          .header('Cache-Control', 'no-store')
          // Proxies that buffer answers (nginx) pass each event on at once.
          .header('X-Accel-Buffering', 'no');
        return stream.body;
      },
    }),
  );
}
