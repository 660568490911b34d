export {
  activityOf,
  createMockClients,
  type MockClientRecord,
  mockClientIds,
  mockHistoryDays,
  mockNow,
  profileSummaryOf,
  seriesDaysOf,
  summaryOf,
} from './clientFixtures.ts';
export * from './clientHandlers.ts';
export {
  type CoachActionHandlerOptions,
  createCoachActionHandlers,
} from './coachActionHandlers.ts';
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
  createReportHandlers,
  minimalPdf,
  type ReportHandlerOptions,
} from './reportHandlers.ts';
export { createMockState, type MockPicture, type MockState, type MockUser } from './state.ts';
