// The mocks of the stories and the app's tests: every service's handlers over one mock state
// (`createHandlers`), the fixtures they serve and the helpers a story seeds or drives them with.
export { sweepMockEpisodes } from './episodeHandlers.ts';
export { seedAttentionFigures, seedEpisodes } from './episodeStore.ts';
export type { MockClientRecord } from './fixtures/buildClient.ts';
export { mockClientIds } from './fixtures/clientTable.ts';
export { fixtureEpisodes } from './fixtures/episodeFixtures.ts';
export {
  fixtureThreads,
  hostileThreadSeeds,
  longestMessageText,
  longThreadSeeds,
} from './fixtures/messageFixtures.ts';
export { mockNow } from './fixtures/mockClock.ts';
export { fixtureFollowUps, fixtureNotes } from './fixtures/noteFixtures.ts';
export { fixtureSecurityEvents } from './fixtures/securityEventFixtures.ts';
export {
  coachPerson,
  demoClientCredentials,
  demoCoachCredentials,
  demoResetCode,
  demoSignInCode,
  fixtureIds,
  fixtureTokens,
  onePixelPng,
} from './fixtures.ts';
export { createHandlers, type HandlersOptions } from './handlers.ts';
export { fixtureInviteTokens } from './inviteFixtures.ts';
export { createInviteHandlers } from './inviteHandlers.ts';
export {
  createLiveEventsMock,
  type LiveEventsMock,
  type PushedLiveEvent,
} from './liveEventHandlers.ts';
export { clientWrites, failMessageSends, seedThread } from './messagingHandlers.ts';
export { createMockAuthenticator, type MockAuthenticatorOptions } from './mockAuthenticator.ts';
export { seedFollowUp, seedNotes } from './notesHandlers.ts';
export { seedReview } from './reviewHandlers.ts';
export { type MockSecurityEventsSeed, seedSecurityEvents } from './securityEventHandlers.ts';
export { fixtureSecurityLinkTokens } from './securityLinkHandlers.ts';
export {
  authenticatorCodeAt,
  demoAuthenticatorSecret,
  seedAuthenticator,
  seedPasskey,
  seedPasswordEntered,
} from './signInFactorStore.ts';
export { createMockState, type MockCoachSettings, type MockState } from './state.ts';
