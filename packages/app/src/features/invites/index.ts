// The invites feature's public face: what other features, routes/ and stories may import.
export { InviteClientButton } from './components/InviteClientButton.tsx';
export { PendingInvites } from './components/PendingInvites.tsx';
