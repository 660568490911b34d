export { MessageThread, type MessageThreadProps } from './MessageThread.tsx';
export type { ThreadMessage, ThreadMessageStatus } from './types.ts';
