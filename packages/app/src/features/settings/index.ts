// The settings feature's public face: what other features, routes/ and stories may import.

export { MorningMailSection } from './morningMail/MorningMailSection.tsx';
export { SecurityEventsSection } from './securityEvents/SecurityEventsSection.tsx';
export { SignInMethodsSection } from './signInMethods/SignInMethodsSection.tsx';
