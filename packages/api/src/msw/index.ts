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
export * from './fixtures.ts';
export * from './handlers.ts';
export { createMockState, type MockPicture, type MockState, type MockUser } from './state.ts';
