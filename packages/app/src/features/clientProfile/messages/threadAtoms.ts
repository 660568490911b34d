import { messagingLimits } from '@coach/domain';
import { liveMessagesAtom } from '../../../core/live/index.ts';
import { clientResourceFamily } from '../shared/clientResourceFamily.ts';

/**
 * The newest page of a client's thread (`GET /api/messaging/clients/:id/messages`, 50 newest
 * first): read again after a live `messages-changed` naming the client (never the figures'
 * messages), a refetch, or `set(threadAtoms(id).data, 'refresh')`.
 */
export const threadAtoms = clientResourceFamily(
  'thread',
  (api, clientId) => api.messaging.listMessages(clientId, { limit: messagingLimits.pageMax }),
  { source: liveMessagesAtom },
);
