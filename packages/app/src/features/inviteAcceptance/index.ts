// The inviteAcceptance feature's public face: what other features, routes/ and stories may import.
export { InviteAcceptanceScreen } from './components/InviteAcceptanceScreen.tsx';
