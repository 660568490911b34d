export { MessageComposer, type MessageComposerProps } from './MessageComposer.tsx';
export type { QuickReply } from './QuickReplyMenu.tsx';
