export * from './clientHandlers.ts';
export {
  type CoachActionHandlerOptions,
  createCoachActionHandlers,
} from './coachActionHandlers.ts';
export {
  createEpisodeHandlers,
  type EpisodeHandlerOptions,
  sweepMockEpisodes,
} from './episodeHandlers.ts';
export { seedAttentionFigures, seedEpisodes } from './episodeStore.ts';
export { createMockClients, type MockClientRecord } from './fixtures/buildClient.ts';
export { mockClientIds } from './fixtures/clientTable.ts';
export { fixtureEpisodes, type MockEpisodeSeed } from './fixtures/episodeFixtures.ts';
export {
  fixtureQuickReplies,
  fixtureThreads,
  hostileMessageTexts,
  hostileThreadSeeds,
  longestMessageText,
  longThreadSeeds,
  type MockMessageSeed,
  unreadThreadSeeds,
} from './fixtures/messageFixtures.ts';
export { mockHistoryDays, mockNow } from './fixtures/mockClock.ts';
export {
  fixtureFollowUps,
  fixtureNotes,
  type MockFollowUpSeed,
  type MockNoteSeed,
} from './fixtures/noteFixtures.ts';
export {
  fixtureOtherSessions,
  fixtureSecurityEvents,
  mockSecurityEventId,
} from './fixtures/securityEventFixtures.ts';
export * from './fixtures.ts';
export * from './handlers.ts';
export {
  createMockInvites,
  fixtureInviteIds,
  fixtureInviteTokens,
  type MockInvite,
} from './inviteFixtures.ts';
export { createInviteHandlers, type InviteHandlerOptions } from './inviteHandlers.ts';
export {
  createLiveEventsMock,
  type LiveEventsMock,
  type PushedLiveEvent,
} from './liveEventHandlers.ts';
export {
  clientWrites,
  createMessagingHandlers,
  failMessageSends,
  type MessagingHandlerOptions,
  seedThread,
} from './messagingHandlers.ts';
export { activityOf, profileSummaryOf, seriesDaysOf, summaryOf } from './mockAnalytics.ts';
export {
  createMockAuthenticator,
  type MockAuthenticator,
  type MockAuthenticatorOptions,
} from './mockAuthenticator.ts';
export {
  createNotesHandlers,
  type NotesHandlerOptions,
  seedFollowUp,
  seedNotes,
} from './notesHandlers.ts';
export {
  createReportHandlers,
  minimalPdf,
  type ReportHandlerOptions,
} from './reportHandlers.ts';
export {
  createSecurityEventHandlers,
  type MockSecurityEventsSeed,
  seedSecurityEvents,
} from './securityEventHandlers.ts';
export {
  createSecurityLinkHandlers,
  fixtureSecurityLinkTokens,
} from './securityLinkHandlers.ts';
export {
  createSignInFactorHandlers,
  mockThrottleSeconds,
  mockWrongCodeLimit,
  type SignInFactorHandlerOptions,
} from './signInFactorHandlers.ts';
export {
  authenticatorCodeAt,
  demoAuthenticatorSecret,
  fixturePasskeyCredentialId,
  type MockPasskeySeed,
  makeRecoveryCodes,
  requireSecondFactor,
  seedAuthenticator,
  seedPasskey,
  seedPasswordEntered,
} from './signInFactorStore.ts';
export {
  createMockState,
  type MockCoachSettings,
  type MockPicture,
  type MockState,
  type MockUser,
} from './state.ts';
