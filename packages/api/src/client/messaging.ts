import type {
  MarkMessagesReadBody,
  MessageList,
  MessageListQuery,
  MessagesRead,
  QuickReplies,
  SendMessageBody,
  ThreadMessage,
  UnreadCounts,
} from '../contract/messaging.ts';
import type { ServiceRequest } from './request.ts';
import { callRoute } from './route.ts';

/** The typed calls of the messaging service. */
export type MessagingClient = {
  /** `GET /clients/{clientId}/messages?limit=&before=`: a page of the thread, newest first. */
  listMessages(clientId: string, query?: MessageListQuery): Promise<MessageList>;
  /** `POST /clients/{clientId}/messages`: stored once by its id (a retry answers the stored one). */
  sendMessage(clientId: string, body: SendMessageBody): Promise<ThreadMessage>;
  /** `POST /clients/{clientId}/messages/read`: the other side's messages up to one, read. */
  markMessagesRead(clientId: string, body: MarkMessagesReadBody): Promise<MessagesRead>;
  /** `DELETE /clients/{clientId}/messages/{messageId}`: the coach's own, within minutes. */
  deleteMessage(clientId: string, messageId: string): Promise<ThreadMessage>;
  /** `GET /unread`: the coach's unread client messages by client. */
  listUnreadCounts(): Promise<UnreadCounts>;
  /** `GET /quickReplies`: the coach's quick replies in their order. */
  getQuickReplies(): Promise<QuickReplies>;
  /** `PUT /quickReplies`: replaces them all, in the order given. */
  updateQuickReplies(body: QuickReplies): Promise<QuickReplies>;
  /** Any other call of the service. */
  request: ServiceRequest;
};

/** Creates the {@link MessagingClient} over the messaging service's request function. */
export function createMessagingClient(request: ServiceRequest): MessagingClient {
  return {
    listMessages: (clientId, query = {}) =>
      callRoute(request, 'listMessages', {
        params: { clientId },
        query: { limit: query.limit, before: query.before },
      }),
    sendMessage: (clientId, body) =>
      callRoute(request, 'sendMessage', { params: { clientId }, body }),
    markMessagesRead: (clientId, body) =>
      callRoute(request, 'markMessagesRead', { params: { clientId }, body }),
    deleteMessage: (clientId, messageId) =>
      callRoute(request, 'deleteMessage', { params: { clientId, messageId } }),
    listUnreadCounts: () => callRoute(request, 'listUnreadCounts', {}),
    getQuickReplies: () => callRoute(request, 'getQuickReplies', {}),
    updateQuickReplies: (body) => callRoute(request, 'updateQuickReplies', { body }),
    request,
  };
}
